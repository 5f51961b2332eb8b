/**
 * Why a beamkin action was refused: each refusal's status and translated message
 * (`beamkins:refusals.<name>`), for the responder (platform/respond.server.ts). The
 * commands return these names in their outcomes; none is thrown.
 */
import type { Refused } from "~/platform/outcome";
import type { RefusalAnswer } from "~/platform/respond.server";

const refusal = (status: RefusalAnswer["status"], name: string, field?: string): RefusalAnswer => ({
  status,
  message: `beamkins:refusals.${name}`,
  ...(field ? { field } : {}),
});

export const beamkinRefusals = {
  "unknown-creature": refusal(404, "unknown-creature", "creatureId"),
  "not-yours": refusal(403, "not-yours", "creatureId"),
  "already-yours": refusal(409, "already-yours", "creatureId"),
  "not-a-starter": refusal(403, "not-a-starter", "creatureId"),
  "has-beamkin": refusal(409, "has-beamkin", "creatureId"),
  "not-enough-light": refusal(409, "not-enough-light", "light"),
  "too-bright": refusal(409, "too-bright", "light"),
  "invalid-amount": refusal(400, "invalid-amount", "light"),
  "empty-message": refusal(400, "empty-message", "message"),
  "message-too-long": refusal(400, "message-too-long", "message"),
  "chatting-too-fast": refusal(429, "chatting-too-fast", "message"),
  "invalid-backpack": refusal(400, "invalid-backpack", "corralled"),
  "invalid-form": refusal(400, "invalid-form"),
} as const satisfies Record<string, RefusalAnswer>;

export type BeamkinRefusal = keyof typeof beamkinRefusals;

export type BeamkinRefused = Refused<BeamkinRefusal>;
