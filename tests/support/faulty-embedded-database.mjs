// The built server (`server.js`) on an embedded database that can be made to fail, for the
// outage tests: SIGUSR2 turns the fault on and off. While it is on, every statement fails
// the way a closed PGlite does ("PGlite is closed"), as a database that went away would.
// Test support only: the fault lives here, not in Glow.
import { PGlite } from "@electric-sql/pglite";

let failing = false;
process.on("SIGUSR2", () => {
  failing = !failing;
  console.log(JSON.stringify({ msg: "test fault", failing }));
});

for (const name of ["query", "exec", "transaction"]) {
  const original = PGlite.prototype[name];
  PGlite.prototype[name] = function faulty(...args) {
    if (failing) return Promise.reject(new Error("PGlite is closed"));
    return original.apply(this, args);
  };
}

await import("../../server.js");
