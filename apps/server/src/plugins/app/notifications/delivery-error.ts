/**
 * Why a provider did not take a message, as the dispatcher needs to know it:
 * - `permanent`: the provider refused this message for good (unknown mailbox, invalid number): retrying is pointless;
 * - `ambiguous`: the request may have reached the provider (timeout waiting for its answer, connection cut after
 *   sending): whether it was delivered is unknown;
 * - neither: the provider certainly did not take it (unreachable, answered an error): safe to retry.
 */
export class DeliveryError extends Error {
  readonly permanent: boolean;
  readonly ambiguous: boolean;

  constructor(message: string, options: { permanent?: boolean; ambiguous?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DeliveryError';
    this.permanent = options.permanent ?? false;
    this.ambiguous = options.ambiguous ?? false;
  }
}
