import { data, redirect, type RouterContextProvider } from "react-router";
import { errorTypeForStatus } from "./errors";
import { answersWithPage } from "./respond.server";
import { flashToast } from "./toast.server";

/**
 * A post that cannot be done. A page's form post (a browser's text/html, or React Router's
 * own .data post) goes back to `back` (a safe path on this site) with the reason as an
 * error toast; a JSON caller or a script gets `status` and `{ ok: false, type, error }`, and
 * so does a page's own fetcher that asked for data (`json`).
 */
export function refusedPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: { back: string; status: 400 | 403 | 404 | 409; message: string; json?: boolean },
) {
  if (options.json || !answersWithPage(request)) {
    return data(
      { ok: false as const, type: errorTypeForStatus(options.status), error: options.message },
      { status: options.status },
    );
  }
  flashToast(context, "error", options.message);
  return redirect(options.back, 303);
}
