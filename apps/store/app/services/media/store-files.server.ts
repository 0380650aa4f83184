import { type MediaStores, mediaStores } from "@vitrine/files";
import type { Config } from "../../config.server.ts";

const made = new WeakMap<Config, MediaStores>();

/**
 * The store's files (issue 44, decision 0084), public and private, where `MEDIA_STORE` says: made
 * once per configuration, so a process shares one bucket client among its requests and jobs.
 */
export function storeFiles(config: Config): MediaStores {
  let files = made.get(config);
  if (!files) {
    files = mediaStores({ location: config.mediaStore, mediaDir: config.mediaDir, dataDir: config.dataDir });
    made.set(config, files);
  }
  return files;
}
