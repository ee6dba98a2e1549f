import type { Logger } from '../log/logger';
import type { DependencyOutage } from './dependency-outage';

/**
 * The logger that background work and doors use: an error or warning caused by a known
 * dependency outage (`{ err }` whose error the outage recognises) is counted by the
 * outage, which logs it once, instead of once per loop tick or per request.
 */
export function outageAwareLogger(logger: Logger, outages: DependencyOutage[]): Logger {
  const absorbed = (args: unknown[]) => {
    const first = args[0] as { err?: unknown } | undefined;
    const err = first instanceof Error ? first : first && typeof first === 'object' ? first.err : undefined;
    return err !== undefined && outages.some((o) => o.absorb(err));
  };
  return new Proxy(logger, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if ((prop === 'error' || prop === 'warn') && typeof value === 'function') {
        return (...args: unknown[]) => (absorbed(args) ? undefined : (value as (...a: unknown[]) => void).apply(target, args));
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
