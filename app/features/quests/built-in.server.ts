/**
 * The quests every Glow has, in every database (not only the demo world's): 'Complete
 * Signup' (the spec: one step at /signup whose dialogue is the companion's welcome) and
 * the tutorial. Created when first needed, once (the slug is unique).
 */
import { eq, inArray } from "drizzle-orm";
import { quests, questSteps, type LocalText, type QuestObjective, type StepUnlock } from "~/platform/db/schema";
import type { Queryable } from "~/platform/db/transaction.server";

export const SIGNUP_QUEST = "complete-signup";
export const TUTORIAL_QUEST = "tutorial";

export interface StepDefinition {
  objective: QuestObjective;
  target?: string | null;
  place?: string | null;
  unlock?: StepUnlock;
  dialogue: LocalText[];
  lightReward: number;
  points: number;
}

export interface QuestDefinition {
  slug: string;
  title: LocalText;
  reward: LocalText;
  timeNeeded: number;
  position: number;
  starts: "auto" | "choose";
  kind?: "solo" | "party";
  steps: StepDefinition[];
}

export const builtInQuests: QuestDefinition[] = [
  {
    slug: SIGNUP_QUEST,
    title: { en: "Complete Signup", zh: "完成注册" },
    reward: { en: "A prize box and 10 light", zh: "一个奖品盒和 10 点光芒" },
    timeNeeded: 242,
    position: 0,
    starts: "auto",
    steps: [
      {
        objective: "signup",
        target: "/signup",
        place: "/signup",
        dialogue: [
          {
            en: "Hello, and welcome to Glow! I'm {{name}}. Finish signing up and we'll start our first quest together.",
            zh: "你好，欢迎来到 Glow！我是{{name}}。完成注册后，我们一起开始第一个任务吧。",
          },
        ],
        lightReward: 10,
        points: 10,
      },
    ],
  },
  {
    slug: TUTORIAL_QUEST,
    title: { en: "Quest Tutorial", zh: "任务教程" },
    reward: { en: "A prize box, 15 light and 30 points", zh: "一个奖品盒、15 点光芒和 30 分" },
    timeNeeded: 316,
    position: 1,
    starts: "choose",
    steps: [
      {
        objective: "visit",
        target: "/quest-tutorial",
        place: "/quest-tutorial",
        dialogue: [
          { en: "Quests are little adventures we go on together.", zh: "任务是我们一起踏上的小冒险。" },
          { en: "Open the quest guide and I'll show you how they work.", zh: "打开任务指南，我来告诉你怎么玩。" },
        ],
        lightReward: 5,
        points: 10,
      },
      {
        objective: "avatar",
        place: "/profile#creator",
        dialogue: [
          { en: "Now let's make you look like you!", zh: "现在来打扮一下你自己吧！" },
          { en: "Change anything you like in the character creator, then save your avatar.", zh: "在角色创建器里随意修改，然后保存你的头像。" },
        ],
        lightReward: 5,
        points: 10,
      },
      {
        objective: "chat",
        place: "/chat-demo",
        dialogue: [
          { en: "Last step: say hello to me in the chat. I love hearing from you.", zh: "最后一步：在聊天里跟我打个招呼吧。我最喜欢听你说话了。" },
        ],
        lightReward: 5,
        points: 10,
      },
    ],
  },
];

/** Writes a quest and its steps (a seed, a built-in); returns the quest's id. */
export async function writeQuest(on: Queryable, quest: QuestDefinition, extra: Partial<typeof quests.$inferInsert> = {}) {
  const { steps, ...fields } = quest;
  const [row] = await on
    .insert(quests)
    .values({ ...fields, kind: quest.kind ?? "solo", ...extra })
    .onConflictDoNothing()
    .returning({ id: quests.id });
  if (!row) return null;
  if (steps.length) {
    await on.insert(questSteps).values(
      steps.map((step, i) => ({
        questId: row.id,
        position: i + 1,
        objective: step.objective,
        target: step.target ?? null,
        place: step.place ?? null,
        unlock: step.unlock ?? "linear",
        dialogue: step.dialogue,
        lightReward: step.lightReward,
        points: step.points,
      })),
    );
  }
  return row.id;
}

/** Makes sure the built-in quests exist (all, or the ones named); one read when they do. */
export async function ensureBuiltInQuests(on: Queryable, slugs: string[] = builtInQuests.map((q) => q.slug)) {
  const present = await on.select({ slug: quests.slug }).from(quests).where(inArray(quests.slug, slugs));
  const have = new Set(present.map((p) => p.slug));
  for (const quest of builtInQuests) {
    if (slugs.includes(quest.slug) && !have.has(quest.slug)) await writeQuest(on, quest);
  }
}

/** The id of a built-in quest's first step (created when missing). */
export async function builtInStepId(on: Queryable, slug: string): Promise<number> {
  await ensureBuiltInQuests(on, [slug]);
  const [step] = await on
    .select({ id: questSteps.id })
    .from(questSteps)
    .innerJoin(quests, eq(quests.id, questSteps.questId))
    .where(eq(quests.slug, slug))
    .orderBy(questSteps.position)
    .limit(1);
  return step!.id;
}
