/**
 * The default brain: built into the game, no network. It reads what the member said
 * (greetings, thanks, light, quests, salutes, feelings, questions), then answers in the
 * member's language, in the beamkin's voice, aware of its light and the time of day.
 * Replies are assembled from several phrase banks (app/locales/{lng}/beamkins.json,
 * `brain`), so they vary and never repeat the previous answer word for word.
 */
import resources from "~/locales";
import type { Language } from "~/platform/i18n";
import { lightMood } from "../rules";
import { timeOfDay, type BrainRequest } from "./types";

export type Intent =
  | "greeting"
  | "thanks"
  | "light"
  | "quest"
  | "salute"
  | "sad"
  | "happy"
  | "about"
  | "question"
  | "other";

interface PhraseBank {
  friend: string;
  timeOfDay: Record<string, string[]>;
  intents: Record<Intent, string[]>;
  moods: Record<string, string[]>;
  voices: Record<string, string[]>;
}

function bank(language: Language): PhraseBank {
  const ns = resources[language]?.beamkins as { brain: PhraseBank } | undefined;
  return (ns ?? (resources.en!.beamkins as { brain: PhraseBank })).brain;
}

// Checked in this order: how the member feels comes before what they ask about.
const intentPatterns: [Intent, RegExp][] = [
  ["sad", /\b(sad|tired|lonely|bored|upset|angry|stressed|anxious|worried|down|awful|bad day)\b|难过|伤心|累|孤单|孤独|无聊|生气|压力|焦虑|担心|不开心|郁闷/i],
  ["thanks", /\b(thanks|thank you|thx|ty|cheers)\b|谢谢|多谢|感谢|谢啦/i],
  ["light", /\b(light|glow|glowing|bright|brightness|shine|shining|dim)\b|光|亮|发光/i],
  ["quest", /\b(quests?|treasures?|missions?|prize|adventure|map)\b|任务|宝藏|冒险|奖励|地图/i],
  ["salute", /\b(salutes?|compliments?|stars?|gems?|friends?|kind)\b|致敬|称赞|赞美|夸|星星|宝石|朋友/i],
  ["about", /\b(who are you|your name|what are you|about you)\b|你是谁|名字|你是什么/i],
  ["greeting", /^\s*(hi|hello|hey|hiya|yo|howdy|good (morning|afternoon|evening|night)|greetings)\b|^\s*(你好|您好|嗨|哈喽|早上好|下午好|晚上好|早安|晚安|hi)/i],
  ["happy", /\b(happy|great|awesome|good|excited|love|glad|yay|fun)\b|开心|高兴|快乐|棒|喜欢|兴奋|爱/i],
  ["question", /[?？]\s*$|^\s*(what|why|how|who|where|when|can|do|does|is|are)\b|吗[?？]?\s*$|什么|为什么|怎么|哪|谁/i],
];

export function detectIntent(message: string): Intent {
  for (const [intent, pattern] of intentPatterns) if (pattern.test(message)) return intent;
  return "other";
}

function interpolate(text: string, values: Record<string, string | number>) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.min(list.length - 1, Math.floor(random() * list.length))]!;
}

/** One scripted reply. `random` is injectable so tests can pin the choice. */
export function scriptedReply(request: BrainRequest, random: () => number = Math.random): string {
  const phrases = bank(request.language);
  const intent = detectIntent(request.message);
  const light = request.creature?.light ?? 50;
  const values = {
    name: request.creature?.name ?? "Glow",
    light,
    member: request.memberName?.trim() || phrases.friend,
  };
  const joiner = request.language === "zh" ? "" : " ";
  const previous = [...request.history].reverse().find((m) => m.role === "assistant")?.content;

  let reply = "";
  for (let attempt = 0; attempt < 6; attempt++) {
    const parts: string[] = [];
    if (intent === "greeting") parts.push(pick(phrases.timeOfDay[timeOfDay(request.hour)] ?? [], random));
    parts.push(pick(phrases.intents[intent], random));
    // Light questions and a dim beamkin always mention the glow; otherwise now and then.
    const mood = lightMood(light);
    if (request.creature && (intent === "light" || mood === "dim" || random() < 0.35)) {
      parts.push(pick(phrases.moods[mood] ?? [], random));
    }
    // Without a creature, Glow points the member on: to choose a companion among the
    // beamkins they have, or to get a first one.
    const voice = request.creature
      ? phrases.voices[request.creature.personality]
      : phrases.voices[request.ownsBeamkins ? "noCompanion" : "none"];
    if (voice && (!request.creature || random() < 0.7)) parts.push(pick(voice, random));
    reply = interpolate(parts.filter(Boolean).join(joiner), values);
    if (reply !== previous) break;
  }
  return reply;
}
