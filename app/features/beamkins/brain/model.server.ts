/**
 * An OpenAI-compatible chat completions API (OpenAI itself, or a local model server such
 * as llama.cpp, Ollama or vLLM). No tools; only this member's recent messages; a time
 * limit and an output cap. Errors are thrown for the caller to fall back on.
 */
import { lightMood } from "../rules";
import { timeOfDay, type BrainRequest } from "./types";

export interface ModelConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export const MODEL_TIMEOUT_MS = 15_000;
/** Tokens the model may write, and characters we keep of it. */
export const MODEL_MAX_TOKENS = 200;
export const MODEL_MAX_CHARS = 800;
/** How many earlier messages of the thread the model sees. */
export const MODEL_HISTORY = 10;

export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelError";
  }
}

export function systemPrompt(request: BrainRequest): string {
  const language = request.language === "zh" ? "Simplified Chinese" : "English";
  const who = request.creature
    ? `You are ${request.creature.name}, a small glowing companion creature (a "beamkin") in Glow, a friendly social quest and party game. ` +
      `Your personality is ${request.creature.personality}. Your light is ${request.creature.light} out of 100, so you feel ${lightMood(request.creature.light)}. ` +
      `Members give you light they earn by playing (daily visits, quests, salutes, treasures).`
    : request.ownsBeamkins
      ? `You are Glow, the friendly guide of Glow, a social quest and party game. The member has beamkins (companion creatures) but has chosen none as their companion right now; they can choose one on the Your Beamkins page.`
      : `You are Glow, the friendly guide of Glow, a social quest and party game. The member has no beamkin (companion creature) yet; they can pick one on the Your Beamkins page.`;
  return [
    who,
    `It is ${timeOfDay(request.hour)} for the member${request.memberName ? `, whose name is ${request.memberName}` : ""}.`,
    `Always answer in ${language}, in one to three short, warm sentences of plain text.`,
    `Never use markdown, HTML or links. Never ask for personal details such as phone numbers or addresses.`,
  ].join("\n");
}

/** Plain text only, no control characters, at most MODEL_MAX_CHARS. */
export function capModelOutput(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim();
  if (clean.length <= MODEL_MAX_CHARS) return clean;
  return `${clean.slice(0, MODEL_MAX_CHARS - 1).trimEnd()}…`;
}

export async function modelReply(
  config: ModelConfig,
  request: BrainRequest,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<string> {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const messages = [
    { role: "system", content: systemPrompt(request) },
    ...request.history.slice(-MODEL_HISTORY).map((m) => ({ role: m.role, content: m.content })),
    { role: "user", content: request.message },
  ];
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (config.apiKey) headers.Authorization = `Bearer ${config.apiKey}`;
  const response = await (options.fetchImpl ?? fetch)(url, {
    method: "POST",
    headers,
    body: JSON.stringify({ model: config.model, messages, max_tokens: MODEL_MAX_TOKENS, temperature: 0.8 }),
    signal: AbortSignal.timeout(options.timeoutMs ?? MODEL_TIMEOUT_MS),
  });
  if (!response.ok) throw new ModelError(`model answered ${response.status}`);
  const body = (await response.json()) as {
    choices?: { message?: { content?: unknown } }[];
  };
  const content = body.choices?.[0]?.message?.content;
  if (content !== undefined && content !== null && typeof content !== "string") {
    throw new ModelError("model reply is not text");
  }
  return capModelOutput(content ?? "");
}
