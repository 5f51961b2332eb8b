import { afterEach, describe, expect, it, vi } from "vitest";
import { envWith } from "../../../tests/support/env";
import { ConsoleSmsProvider, OUTBOX_SIZE } from "./console.server";
import { chooseSmsProvider, ConfigurationError } from "./sms.server";

const twilioEnv = {
  TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "twilio-test-auth-token-0123",
  TWILIO_FROM: "+15005550006",
};

const configWith = (vars: Record<string, string>) =>
  envWith(vars, ["SMS_PROVIDER", "SMS_DAILY_LIMIT", "GLOW_CONTAINER", ...Object.keys(twilioEnv), "TWILIO_MESSAGING_SERVICE_SID"]);

afterEach(() => vi.restoreAllMocks());

describe("choosing the SMS provider", () => {
  it("the try-it default is the console outbox", () => {
    expect(chooseSmsProvider(configWith({})).name).toBe("console");
  });

  it("Twilio when its credentials are set", () => {
    expect(chooseSmsProvider(configWith(twilioEnv)).name).toBe("twilio");
    expect(chooseSmsProvider(configWith({ ...twilioEnv, TWILIO_FROM: "", TWILIO_MESSAGING_SERVICE_SID: `MG${"c".repeat(32)}` })).name).toBe("twilio");
  });

  it("a container refuses to start without a real provider…", () => {
    expect(() => chooseSmsProvider(configWith({ GLOW_CONTAINER: "1" }))).toThrow(ConfigurationError);
    expect(() => chooseSmsProvider(configWith({ GLOW_CONTAINER: "1" }))).toThrow(/SMS_PROVIDER=console/);
  });

  it("…unless SMS_PROVIDER=console is set on purpose", () => {
    expect(chooseSmsProvider(configWith({ GLOW_CONTAINER: "1", SMS_PROVIDER: "console" })).name).toBe("console");
    expect(chooseSmsProvider(configWith({ GLOW_CONTAINER: "1", ...twilioEnv })).name).toBe("twilio");
  });

  it("SMS_PROVIDER=twilio without credentials refuses to start", () => {
    expect(() => chooseSmsProvider(configWith({ SMS_PROVIDER: "twilio" }))).toThrow(ConfigurationError);
  });

  it("reads the daily ceiling on texts: 1000 unless set, a whole number of at least 1", () => {
    expect(configWith({}).SMS_DAILY_LIMIT).toBe(1000);
    expect(configWith({ SMS_DAILY_LIMIT: "" }).SMS_DAILY_LIMIT).toBe(1000);
    expect(configWith({ SMS_DAILY_LIMIT: "5000" }).SMS_DAILY_LIMIT).toBe(5000);
    for (const bad of ["0", "-3", "2.5", "lots"]) expect(() => configWith({ SMS_DAILY_LIMIT: bad }), bad).toThrow(/SMS_DAILY_LIMIT/);
  });

  it("reads the phone country allow-list", () => {
    expect(configWith({}).PHONE_COUNTRIES).toEqual(["1", "86"]);
    expect(configWith({ PHONE_COUNTRIES: "+1, 44" }).PHONE_COUNTRIES).toEqual(["1", "44"]);
    expect(() => configWith({ PHONE_COUNTRIES: "abc" })).toThrow(/PHONE_COUNTRIES/);
  });
});

describe("the console outbox", () => {
  it("keeps the latest 50, newest first, and prints each text to the log", async () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const outbox = new ConsoleSmsProvider();
    for (let i = 0; i < OUTBOX_SIZE + 5; i++) await outbox.send({ to: "+15550100001", body: `text ${i}` });
    const texts = outbox.outbox();
    expect(texts).toHaveLength(50);
    expect(texts[0]!.body).toBe("text 54");
    expect(texts.at(-1)!.body).toBe("text 5");
    expect(Object.keys(texts[0]!).sort()).toEqual(["body", "sentAt", "to"]);
    expect(out).toHaveBeenCalledTimes(OUTBOX_SIZE + 5);
    expect(String(out.mock.calls[0]![0])).toContain("text 0");
  });
});
