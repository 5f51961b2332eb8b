import { afterEach, beforeEach, vi } from "vitest";
import { ConsoleSmsProvider } from "~/platform/sms/console.server";
import { setSmsProvider } from "~/platform/sms/sms.server";

/**
 * A fresh console outbox for every test in the file (the provider's log lines kept off the
 * test output); the returned getter reads the current one.
 */
export function consoleOutboxPerTest(): () => ConsoleSmsProvider {
  let outbox = new ConsoleSmsProvider();
  beforeEach(() => {
    outbox = new ConsoleSmsProvider();
    setSmsProvider(outbox);
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setSmsProvider(undefined);
  });
  return () => outbox;
}
