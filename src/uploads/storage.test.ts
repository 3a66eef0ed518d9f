import { describe, expect, test } from "bun:test";
import { HttpError } from "../lib/http.ts";
import { PNG } from "../test/images.ts";
import { TOO_SLOW_MESSAGE, readLimitedBody } from "./storage.ts";

/** A body that sends a byte, then another every `everyMs`, forever: a slow-drip upload. */
const drip = (everyMs: number) =>
  new ReadableStream<Uint8Array>({
    async pull(controller) {
      await Bun.sleep(everyMs);
      controller.enqueue(new Uint8Array([0x89]));
    },
  });

describe("readLimitedBody", () => {
  test("a slow drip is cut off at the deadline", async () => {
    const request = new Request("http://x/upload", { method: "PUT", body: drip(20), duplex: "half" } as RequestInit);
    const started = performance.now();
    const error = await readLimitedBody(request, 5_000_000, 150).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe(TOO_SLOW_MESSAGE);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test("a prompt body is read whole", async () => {
    const request = new Request("http://x/upload", { method: "PUT", body: PNG });
    expect(await readLimitedBody(request, 5_000_000, 150)).toEqual(new Uint8Array(PNG));
  });
});
