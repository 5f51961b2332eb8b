import { data, type MiddlewareFunction } from "react-router";

/**
 * A post whose body is not a form (no Content-Type, text/plain, broken multipart…) makes
 * `request.formData()` throw a TypeError, which would surface as a 500. Every action reads
 * its form through that one method, so the fix sits here, once: the method is wrapped to
 * answer 400 (the catalogue's BAD_REQUEST) instead.
 */
export const unreadableBodyIsBadRequest: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") {
    const readForm = request.formData.bind(request);
    Object.defineProperty(request, "formData", {
      configurable: true,
      value: async () => {
        try {
          return await readForm();
        } catch {
          throw data({ error: "The request's body is not a form." }, { status: 400 });
        }
      },
    });
  }
  return next();
};
