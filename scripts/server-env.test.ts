import { describe, expect, it } from "vitest";
import { serverEnv } from "./server-env.mjs";

describe("the server's environment (decision 0088)", () => {
  it("starts the store in production with glibc's allocator held to two arenas, large buffers given back", () => {
    const env = serverEnv({ PORT: "3000" });
    expect(env).toMatchObject({
      NODE_ENV: "production",
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      PORT: "3000",
    });
  });

  it("keeps what the owner set", () => {
    const env = serverEnv({ NODE_ENV: "development", MALLOC_ARENA_MAX: "8" });
    expect(env.NODE_ENV).toBe("development");
    expect(env.MALLOC_ARENA_MAX).toBe("8");
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe("131072");
  });
});
