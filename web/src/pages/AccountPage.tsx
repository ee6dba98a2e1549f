import { type FormEvent, useState } from 'react';
import { QrImage } from '../components/QrImage';
import { RecoveryCodes } from '../components/RecoveryCodes';
import { ErrorMessage, Field, Notice, Section, StatusBadge } from '../components/ui';
import { graphql } from '../lib/graphql';
import { useMutation } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { formatDocument } from '../lib/documents';
import { type SandboxInfo, useSandbox } from '../lib/sandbox';
import { useMe } from '../lib/me';

const RegisterSeller = graphql(`mutation RegisterSeller($name: String!, $document: String!) { registerSeller(name: $name, document: $document) { id kycStatus } }`);
const Enrol = graphql(`mutation EnrolTwoFactor { enrolTwoFactor { otpauthUri secret recoveryCodes } }`);
const Confirm = graphql(`mutation ConfirmTwoFactor($code: String!) { confirmTwoFactor(code: $code) { id twoFactorEnabled } }`);
const Disable = graphql(`mutation DisableTwoFactor($code: String!) { disableTwoFactor(code: $code) { id twoFactorEnabled } }`);

export function AccountPage() {
  const { t } = useI18n();
  return (
    <>
      <h1 tabIndex={-1}>{t('navAccount')}</h1>
      <SellerSection />
      <TwoFactorSection />
    </>
  );
}

function SellerSection() {
  const { t, dateTime, money, locale } = useI18n();
  const { me, reload } = useMe();
  const sandbox = useSandbox();
  const [name, setName] = useState('');
  const [document, setDocument] = useState('');
  const register = useMutation(RegisterSeller);
  const seller = me?.seller;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await register.run({ name, document })) reload();
  };
  if (seller) {
    const plan = seller.feePlan;
    return (
      <Section title={t('sellerTitle')}>
        <dl className="facts">
          <dt>{t('sellerName')}</dt>
          <dd>{seller.name}</dd>
          <dt>{seller.documentType}</dt>
          <dd data-testid="seller-document">{formatDocument(seller.documentType, seller.documentNumber)}</dd>
          <dt>{t('kycStatus')}</dt>
          <dd>
            <StatusBadge status={seller.kycStatus} family="KycStatus" />
          </dd>
          {seller.kycStatus === 'PENDING_REVIEW' && sandbox && (
            <dd className="facts-wide">
              <SandboxKycHint intro={t('sandboxKycPending')} documents={sandbox.kycDocuments} />
            </dd>
          )}
          <dt>{t('createdAt')}</dt>
          <dd>{dateTime(seller.createdAt)}</dd>
          <dt>{t('feePlan')}</dt>
          <dd>
            PIX {(plan.pixInBasisPoints / 100).toLocaleString(locale)}% + {money(plan.pixInFixedCents)} (min. {money(plan.pixInMinimumCents)}) · {t('navWithdrawals')} {money(plan.withdrawalFixedCents)}
          </dd>
        </dl>
      </Section>
    );
  }
  return (
    <Section title={t('sellerTitle')}>
      {sandbox && <SandboxKycHint intro={t('sandboxKycHint')} documents={sandbox.kycDocuments} />}
      <form onSubmit={(e) => void submit(e)} className="grid-form">
        <Field label={t('sellerName')}>{(id) => <input id={id} required value={name} onChange={(e) => setName(e.target.value)} />}</Field>
        <Field label={t('sellerDocument')}>{(id) => <input id={id} required inputMode="numeric" value={document} onChange={(e) => setDocument(e.target.value)} />}</Field>
        <ErrorMessage error={register.error} />
        <button type="submit" disabled={register.busy}>
          {t('sellerRegister')}
        </button>
      </form>
    </Section>
  );
}

function TwoFactorSection() {
  const { t } = useI18n();
  const { me, reload } = useMe();
  const enrol = useMutation(Enrol);
  const confirm = useMutation(Confirm);
  const disable = useMutation(Disable);
  const [enrolment, setEnrolment] = useState<{ otpauthUri: string; secret: string; recoveryCodes: string[] }>();
  const [code, setCode] = useState('');
  const [done, setDone] = useState(false);
  const enabled = me?.user?.twoFactorEnabled ?? false;

  const start = async () => {
    const r = await enrol.run({});
    if (r) setEnrolment(r.enrolTwoFactor);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = enabled ? await disable.run({ code }) : await confirm.run({ code });
    if (!r) return;
    setEnrolment(undefined);
    setCode('');
    setDone(!enabled);
    reload();
  };
  return (
    <Section title={t('twoFactor')}>
      <p>
        <StatusBadge status={enabled ? 'TWO_FACTOR_ON' : 'TWO_FACTOR_OFF'} family="Badge" />
      </p>
      {done && <Notice>{t('twoFactorActivated')}</Notice>}
      {!enabled && !enrolment && (
        <button type="button" onClick={() => void start()} disabled={enrol.busy}>
          {t('enrol')}
        </button>
      )}
      <ErrorMessage error={enrol.error} />
      {enrolment && (
        <div className="enrolment">
          <p>{t('enrolScan')}</p>
          <QrImage text={enrolment.otpauthUri} alt={t('twoFactor')} />
          <p>
            {t('secretKey')}: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <RecoveryCodes codes={enrolment.recoveryCodes} />
        </div>
      )}
      {(enrolment || enabled) && (
        <form onSubmit={(e) => void submit(e)} className="inline-form">
          <Field label={t('code')}>
            {(id) => <input id={id} required inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />}
          </Field>
          <button type="submit" className={enabled ? 'danger' : undefined} disabled={confirm.busy || disable.busy}>
            {enabled ? t('disable') : t('confirm')}
          </button>
        </form>
      )}
      <ErrorMessage error={confirm.error ?? disable.error} />
    </Section>
  );
}

/** The sandbox's test CPFs and the KYC status each gets, as the API's registration rule decides it. */
function SandboxKycHint({ intro, documents }: { intro: string; documents: SandboxInfo['kycDocuments'] }) {
  const { t } = useI18n();
  return (
    <div className="hint" data-testid="sandbox-kyc-hint">
      <p>{intro}</p>
      <ul>
        {documents.map((d) => (
          <li key={d.document}>
            <code>{formatDocument('CPF', d.document)}</code> → <StatusBadge status={d.kycStatus} family="KycStatus" />
          </li>
        ))}
      </ul>
      <p className="muted">{t('sandboxKycOthers')}</p>
    </div>
  );
}
