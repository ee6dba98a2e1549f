import type { Services } from '../application/services';
import type { Principal } from '../domain/accounts/accounts.types';
import { authenticateCredential } from '../domain/accounts/authenticate-credential';
import { isDomainError } from '../domain/shared/errors';

/** How often every open socket's credential is checked again (session expiry, missed announcements): LIVE_CREDENTIAL_CHECK_SECONDS. */
export const LIVE_CREDENTIAL_CHECK_MS = 30_000;
/** Close code of a socket whose credential was revoked, logged out or expired. */
export const CREDENTIAL_ENDED_CLOSE_CODE = 4401;

export interface WatchedSocket {
  credential: string;
  principal: Principal;
  close(code: number, reason: string): void;
}

/**
 * A subscription socket keeps the principal it connected with, so it must be told when
 * that credential ends: every CREDENTIALS_CHANGED of its seller (a key revoked, a
 * session logged out, from any api instance through the live-event bus) and a timer
 * check its credential again, and a credential that no longer authenticates closes
 * the socket (4401). A failure that is not an authentication answer (the database
 * away) leaves the socket open until the next check.
 */
export class LiveCredentialWatch {
  private readonly sockets = new Set<WatchedSocket>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly services: Pick<Services, 'identity' | 'apiKeys' | 'live'>,
    intervalMs: number = LIVE_CREDENTIAL_CHECK_MS,
  ) {
    services.live.onEvent('CREDENTIALS_CHANGED', (e) => void this.recheck((s) => s.principal.seller?.id === e.sellerId || s.principal.user.sellerId === e.sellerId));
    this.timer = setInterval(() => void this.recheck(() => true), intervalMs);
    this.timer.unref();
  }

  watch(socket: WatchedSocket): void {
    this.sockets.add(socket);
  }

  forget(socket: WatchedSocket): void {
    this.sockets.delete(socket);
  }

  /** Checks the matching sockets' credentials; resolves when every check is done. */
  async recheck(matches: (s: WatchedSocket) => boolean): Promise<void> {
    await Promise.all([...this.sockets].filter(matches).map((s) => this.check(s)));
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async check(socket: WatchedSocket): Promise<void> {
    try {
      await authenticateCredential(this.services, socket.credential);
    } catch (e) {
      if (!isDomainError(e) || !this.sockets.has(socket)) return;
      this.sockets.delete(socket);
      socket.close(CREDENTIAL_ENDED_CLOSE_CODE, 'credential revoked or expired');
    }
  }
}
