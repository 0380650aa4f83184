export { type CopyReport, copyFiles } from "./copy.ts";
export {
  checkedKey,
  contentTypeOf,
  FileKeyError,
  type FileStore,
  type OpenedFile,
} from "./file-store.ts";
export { folderStore } from "./folder-store.ts";
export { type MediaStores, mediaStores, type StoreLocation } from "./media-stores.ts";
export { type BucketPlace, bucketPlace, type S3Settings, s3Client, s3Store } from "./s3-store.ts";
