import { describe, expect, it } from "vitest";
import { destinationAfterSignIn, signInUrlForInvite } from "./arrival";

const origin = "https://glow.example";
const q = (s: string) => new URLSearchParams(s);

describe("where a member lands after signing in", () => {
  it("an invitation goes to /accept-invite with the leftover query kept", () => {
    expect(
      destinationAfterSignIn(
        q("acceptinginvitation=true&partyId=4&contestId=2&memberId=9&role=judge&inviteType=email&inviter=Grace&partyName=Owls"),
        origin,
      ),
    ).toBe("/accept-invite/4/2/9/judge/email?inviter=Grace&partyName=Owls");
  });

  it("without a party it is 'invite'", () => {
    expect(destinationAfterSignIn(q("acceptinginvitation=true&contestId=2&memberId=9&role=judge&inviteType=judge"), origin)).toBe(
      "/accept-invite/invite/2/9/judge/judge",
    );
  });

  it("stops at the first missing optional segment", () => {
    expect(destinationAfterSignIn(q("acceptinginvitation=true&partyId=4"), origin)).toBe("/accept-invite/4");
    // A part given after a missing one is kept, in the query under its own name.
    expect(destinationAfterSignIn(q("acceptinginvitation=true&partyId=3&role=judge"), origin)).toBe("/accept-invite/3?role=judge");
    expect(destinationAfterSignIn(q("acceptinginvitation=true&partyId=3&contestId=2&role=judge&x=1"), origin)).toBe(
      "/accept-invite/3/2?role=judge&x=1",
    );
  });

  it("acceptinginvitation=true with neither contestId nor partyId goes to /newsfeed", () => {
    expect(destinationAfterSignIn(q("acceptinginvitation=true&memberId=3&role=judge"), origin)).toBe("/newsfeed");
  });

  it("a stored return path on our origin is used", () => {
    expect(destinationAfterSignIn(q("redirectTo=/takeaguess/12"), origin)).toBe("/takeaguess/12");
    expect(destinationAfterSignIn(q("returnAfterSignIn=/takeaguess/12"), origin)).toBe("/takeaguess/12");
  });

  it.each(["//evil.com", "/\\evil.com", "/%5Cevil.com", "/\t/evil.com", "https://evil.com", "javascript:alert(1)"])(
    "a return path %j falls back to /newsfeed",
    (value) => {
      expect(destinationAfterSignIn(new URLSearchParams({ redirectTo: value }), origin)).toBe("/newsfeed");
    },
  );

  it("nothing asked: the caller's default", () => {
    expect(destinationAfterSignIn(q(""), origin)).toBeNull();
  });

  it("an invite link's segments become /signin's parameters and come back the same", () => {
    const url = signInUrlForInvite({ partyId: "4", contestid: "2", memberid: "9", role: "judge", type: "email" }, q("inviter=Grace"));
    expect(url).toBe("/signin?acceptinginvitation=true&partyId=4&contestId=2&memberId=9&role=judge&inviteType=email&inviter=Grace");
    expect(destinationAfterSignIn(new URL(url, origin).searchParams, origin)).toBe("/accept-invite/4/2/9/judge/email?inviter=Grace");
  });
});
