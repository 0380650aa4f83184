// The environment the store's server process starts with, from `npm start` and from the bench.

/**
 * glibc's allocator settings for the server (decision 0088). The picture encoder (libvips, through
 * sharp) allocates and frees large buffers from its own threads; with glibc's defaults each thread
 * gets an arena of its own and freed memory stays in them, so a store that drew its demo pictures
 * kept about 400 MB it no longer used. Two arenas, and buffers from 128 KB up given back to the
 * system when freed, keep the process near what it uses. Set either variable to override it.
 */
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };

/** `env` with the production defaults the store's process starts from; what `env` sets wins. */
export function serverEnv(env) {
  return { NODE_ENV: "production", ...ALLOCATOR_ENV, ...env };
}
