import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SmsDeliveryError } from "./port";
import { TWILIO_API, TwilioSmsProvider } from "./twilio.server";

const sid = `AC${"a".repeat(32)}`;
const token = "twilio-test-auth-token-0123";
const received: Array<{ auth: string | null; form: URLSearchParams }> = [];

/** A local fake of Twilio's Messages API. */
const fakeTwilio = setupServer(
  http.post(`${TWILIO_API}/2010-04-01/Accounts/:sid/Messages.json`, async ({ request, params }) => {
    const form = new URLSearchParams(await request.text());
    received.push({ auth: request.headers.get("Authorization"), form });
    if (params.sid !== sid) return HttpResponse.json({ code: 20404, message: "not found" }, { status: 404 });
    const to = form.get("To") ?? "";
    if (to === "+15005550001") return HttpResponse.json({ code: 21211, message: "Invalid 'To' Phone Number" }, { status: 400 });
    if (to === "+15005550009") return HttpResponse.json({ code: 20500, message: "Internal" }, { status: 500 });
    return HttpResponse.json({ sid: "SM123", status: "queued" }, { status: 201 });
  }),
);

beforeAll(() => fakeTwilio.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  received.length = 0;
  fakeTwilio.resetHandlers();
});
afterAll(() => fakeTwilio.close());

describe("the Twilio provider", () => {
  it("posts the text with basic auth and the sending number", async () => {
    const twilio = new TwilioSmsProvider({ accountSid: sid, authToken: token, from: "+15005550006" });
    await twilio.send({ to: "+15551234567", body: "Your code\n\n@glow.example #123456" });
    expect(received).toHaveLength(1);
    expect(received[0]!.auth).toBe(`Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`);
    expect(Object.fromEntries(received[0]!.form)).toEqual({
      To: "+15551234567",
      Body: "Your code\n\n@glow.example #123456",
      From: "+15005550006",
    });
  });

  it("uses a messaging service instead of a number when one is set", async () => {
    const service = `MG${"b".repeat(32)}`;
    const twilio = new TwilioSmsProvider({ accountSid: sid, authToken: token, messagingServiceSid: service });
    await twilio.send({ to: "+15551234567", body: "hi" });
    expect(received[0]!.form.get("MessagingServiceSid")).toBe(service);
    expect(received[0]!.form.has("From")).toBe(false);
  });

  it("tells a refused number apart from an outage", async () => {
    const twilio = new TwilioSmsProvider({ accountSid: sid, authToken: token, from: "+15005550006" });
    await expect(twilio.send({ to: "+15005550001", body: "x" })).rejects.toMatchObject({ reason: "rejected-number" });
    await expect(twilio.send({ to: "+15005550009", body: "x" })).rejects.toMatchObject({ reason: "unavailable" });
  });

  it("a network failure or timeout is an outage, not a crash", async () => {
    fakeTwilio.use(http.post(`${TWILIO_API}/*`, () => HttpResponse.error()));
    const twilio = new TwilioSmsProvider({ accountSid: sid, authToken: token, from: "+15005550006" });
    await expect(twilio.send({ to: "+15551234567", body: "x" })).rejects.toBeInstanceOf(SmsDeliveryError);
  });
});
