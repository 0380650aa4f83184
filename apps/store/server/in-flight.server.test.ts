import { describe, expect, it } from "vitest";
import { InFlight } from "./in-flight.server.ts";

describe("InFlight", () => {
  it("counts work that follows an answer until it settles, failed or not", async () => {
    const requests = new InFlight();
    const ends: Array<() => void> = [];
    const work = (fails: boolean) =>
      new Promise<void>((resolve, reject) => {
        ends.push(() => (fails ? reject(new Error("mail server down")) : resolve()));
      });
    const failing = work(true);
    failing.catch(() => {});
    requests.track(work(false));
    requests.track(failing);
    expect(requests.count).toBe(2);
    expect(await requests.settled(1)).toBe(false);

    const settling = requests.settled(60_000);
    for (const end of ends) end();
    expect(await settling).toBe(true);
    expect(requests.count).toBe(0);
  });
});
