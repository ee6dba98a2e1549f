import 'reflect-metadata'; // @peculiar/x509 resolves its providers through tsyringe, which needs it
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

x509.cryptoProvider.set(webcrypto as never);

/** PEM texts of the simulator's private PKI: its CA, its server identity, and PixPay's client identity. */
export interface SimulatorCertificates {
  caCert: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
}

/** Where `writeCertificates` put each file. */
export interface CertificateFiles {
  dir: string;
  caCert: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

async function keyPair(): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
}

async function pemKey(key: webcrypto.CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').trimEnd()}\n-----END PRIVATE KEY-----\n`;
}

function serial(): string {
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('hex').replace(/^[89a-f]/, '1');
}

/** A fresh CA (valid a year), a server certificate for 127.0.0.1/localhost and a client certificate, all signed by the CA. */
export async function generateCertificates(clientName = 'pixpay-client'): Promise<SimulatorCertificates> {
  const notBefore = new Date(Date.now() - DAY);
  const notAfter = new Date(Date.now() + 365 * DAY);
  const caKeys = await keyPair();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=PixPay PSP simulator CA',
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });

  const leaf = async (name: string, usages: string[], altNames: x509.JsonGeneralNames = []) => {
    const keys = await keyPair();
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serial(),
      subject: `CN=${name}`,
      issuer: ca.subject,
      notBefore,
      notAfter,
      publicKey: keys.publicKey,
      signingKey: caKeys.privateKey,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement, true),
        new x509.ExtendedKeyUsageExtension(usages),
        await x509.AuthorityKeyIdentifierExtension.create(ca),
        ...(altNames.length > 0 ? [new x509.SubjectAlternativeNameExtension(altNames)] : []),
      ],
    });
    return { cert: cert.toString('pem') + '\n', key: await pemKey(keys.privateKey) };
  };

  // The server identity also signs the simulator in when it delivers callbacks over mTLS.
  const server = await leaf('localhost', [x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth], [
    { type: 'dns', value: 'localhost' },
    { type: 'ip', value: '127.0.0.1' },
    { type: 'ip', value: '::1' },
  ]);
  const client = await leaf(clientName, [x509.ExtendedKeyUsage.clientAuth]);
  return { caCert: ca.toString('pem') + '\n', serverCert: server.cert, serverKey: server.key, clientCert: client.cert, clientKey: client.key };
}

/** Writes the PEM files into `dir` (created; keys readable by the owner only). */
export function writeCertificates(dir: string, certs: SimulatorCertificates): CertificateFiles {
  mkdirSync(dir, { recursive: true });
  const files: CertificateFiles = {
    dir,
    caCert: join(dir, 'ca.pem'),
    serverCert: join(dir, 'server.pem'),
    serverKey: join(dir, 'server-key.pem'),
    clientCert: join(dir, 'client.pem'),
    clientKey: join(dir, 'client-key.pem'),
  };
  writeFileSync(files.caCert, certs.caCert);
  writeFileSync(files.serverCert, certs.serverCert);
  writeFileSync(files.serverKey, certs.serverKey, { mode: 0o600 });
  writeFileSync(files.clientCert, certs.clientCert);
  writeFileSync(files.clientKey, certs.clientKey, { mode: 0o600 });
  return files;
}
