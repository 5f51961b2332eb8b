import { RouterContextProvider } from "react-router";
import { getToast } from "remix-toast/middleware";
import { beforeAll, describe, expect, it } from "vitest";
import { resetCookieStorages } from "./cookies.server";
import { setMasterSecret } from "./secrets.server";
import { flashToast, forAPage, toastMiddleware } from "./toast.server";

const BASE = "http://localhost:3000";

/** Runs the middleware for one request; `during` plays the route (it may flash a toast). */
async function pass(request: Request, during: (context: RouterContextProvider) => void = () => {}) {
  const context = new RouterContextProvider();
  const response = (await toastMiddleware({ request, context, params: {} } as never, async () => {
    during(context);
    return new Response("ok");
  })) as Response;
  return { toast: getToast(context), setCookies: response.headers.getSetCookie() };
}

const asked = (path: string, destination: string | null, cookie = "") =>
  new Request(`${BASE}${path}`, {
    headers: { ...(destination ? { "Sec-Fetch-Dest": destination } : {}), ...(cookie ? { Cookie: cookie } : {}) },
  });

/** The Cookie header a browser sends after an action flashed "Saved." (and a few others). */
async function waitingToast() {
  const { setCookies } = await pass(asked("/profile", "document"), (context) => flashToast(context, "success", "Saved."));
  return `glow_signed_in=IjEi; ${setCookies[0]!.split(";")[0]}; cookiesaccepted=InllcyI%3D`;
}

beforeAll(() => {
  setMasterSecret("a-long-enough-test-secret-for-the-toast-cookie");
  resetCookieStorages();
});

describe("which requests are for a page", () => {
  it("documents and React Router's data for a page are; images, scripts and resource fetches are not", () => {
    expect(forAPage(asked("/profile", "document"))).toBe(true);
    expect(forAPage(asked("/profile.data", "empty"))).toBe(true);
    expect(forAPage(asked("/profile.data?_routes=root,routes/profile", "empty"))).toBe(true);
    expect(forAPage(asked("/profile", null))).toBe(true);
    expect(forAPage(asked("/avatars/preview.svg?seed=x", "image"))).toBe(false);
    expect(forAPage(asked("/feed-updates?after=3", "empty"))).toBe(false);
    expect(forAPage(asked("/static/app.js", "script"))).toBe(false);
  });
});

describe("a waiting toast", () => {
  it("is shown by the next page, and that page ends it", async () => {
    const { toast, setCookies } = await pass(asked("/profile", "document", await waitingToast()));
    expect(toast).toMatchObject({ type: "success", message: "Saved." });
    expect(setCookies.some((c) => c.startsWith("toast="))).toBe(true);
  });

  it("outlives an image or a resource fetch asked for before the page, which leave it where it is", async () => {
    const cookie = await waitingToast();
    for (const request of [asked("/avatars/preview.svg?seed=Typed", "image", cookie), asked("/feed-updates", "empty", cookie)]) {
      expect(await pass(request)).toEqual({ toast: null, setCookies: [] });
    }
    expect((await pass(asked("/profile.data", "empty", cookie))).toast).toMatchObject({ message: "Saved." });
  });

  it("set by a resource route is still sent for the next page", async () => {
    const { setCookies } = await pass(asked("/reactions", "empty", await waitingToast()), (context) =>
      flashToast(context, "info", "Glowed."),
    );
    const cookie = setCookies.find((c) => c.startsWith("toast="))!.split(";")[0]!;
    expect((await pass(asked("/newsfeed", "document", cookie))).toast).toMatchObject({ message: "Glowed." });
  });
});
