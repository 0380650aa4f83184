import path from "node:path";
import type { FileStore } from "./file-store.ts";
import { folderStore } from "./folder-store.ts";
import { type BucketPlace, type S3Settings, s3Client, s3Store } from "./s3-store.ts";

/** `MEDIA_STORE`: the data folder (the default) or a bucket's place. */
export type StoreLocation = { kind: "folder" } | ({ kind: "s3" } & BucketPlace & { s3: S3Settings });

/**
 * The store's two kinds of files. `public`: what `/media/…` serves (pictures' sizes, the demo's
 * drawings). `private`: what only the store reads after its checks (pictures' originals,
 * downloadable products' files, catalogue uploads).
 */
export type MediaStores = { public: FileStore; private: FileStore };

/**
 * In folders, `mediaDir` and `dataDir/originals`, as before buckets. In a bucket, under its
 * prefix: `media/…` and `originals/…`, the same keys.
 */
export function mediaStores(options: {
  location: StoreLocation;
  mediaDir: string;
  dataDir: string;
}): MediaStores {
  const { location } = options;
  if (location.kind === "folder")
    return {
      public: folderStore(options.mediaDir),
      private: folderStore(path.join(options.dataDir, "originals")),
    };
  const client = s3Client(location.s3);
  return {
    public: s3Store(client, { bucket: location.bucket, prefix: `${location.prefix}media/` }),
    private: s3Store(client, { bucket: location.bucket, prefix: `${location.prefix}originals/` }),
  };
}
