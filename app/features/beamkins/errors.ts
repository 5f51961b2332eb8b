/**
 * Why a beamkin action was refused. Each code has a status for the response and a
 * translated message under `beamkins:refusals.<code>`.
 */
export const refusalStatus = {
  "unknown-creature": 404,
  "not-yours": 403,
  "already-yours": 409,
  "not-a-starter": 403,
  "has-beamkin": 409,
  "not-enough-light": 409,
  "too-bright": 409,
  "invalid-amount": 400,
  "empty-message": 400,
  "message-too-long": 400,
  "chatting-too-fast": 429,
  "invalid-backpack": 400,
  "invalid-form": 400,
} as const;

export type RefusalCode = keyof typeof refusalStatus;

export class BeamkinRefusal extends Error {
  readonly status: number;
  constructor(
    readonly code: RefusalCode,
    /** Numbers the message mentions (the balance, how much room is left…). */
    readonly details: Record<string, number> = {},
    /** For a limit (429): when to come back, the answer's Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = "BeamkinRefusal";
    this.status = refusalStatus[code];
  }
}

export function isRefusal(error: unknown): error is BeamkinRefusal {
  return error instanceof BeamkinRefusal;
}
