/**
 * The beamkin brain port: the model when OPENAI_BASE_URL and OPENAI_MODEL are set (and
 * the member is within MODEL_MESSAGES_PER_HOUR), the scripted brain otherwise, and the
 * scripted brain again whenever the model times out or fails.
 */
import { env } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { MODEL_MESSAGES_PER_HOUR } from "../rules";
import { modelReply, type ModelConfig } from "./model.server";
import { scriptedReply } from "./scripted.server";
import type { BrainReply, BrainRequest } from "./types";

export function modelConfig(): ModelConfig | null {
  const { OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL } = env();
  if (!OPENAI_BASE_URL || !OPENAI_MODEL) return null;
  return { baseUrl: OPENAI_BASE_URL, apiKey: OPENAI_API_KEY, model: OPENAI_MODEL };
}

const HOUR_MS = 60 * 60 * 1000;

export async function brainReply(
  request: BrainRequest,
  options: { memberId: number; timeoutMs?: number; now?: Date },
): Promise<BrainReply> {
  const config = modelConfig();
  if (config) {
    const quota = await hitRateLimit(
      "chat-model",
      String(options.memberId),
      { limit: MODEL_MESSAGES_PER_HOUR, windowMs: HOUR_MS },
      options.now,
    );
    if (quota.allowed) {
      try {
        return { text: await modelReply(config, request, { timeoutMs: options.timeoutMs }), source: "model" };
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : "unknown";
        log.warn("beamkin brain model failed; the scripted brain answers", { reason });
      }
    }
  }
  return { text: scriptedReply(request), source: "scripted" };
}
