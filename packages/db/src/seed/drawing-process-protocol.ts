import type { RenderedImage } from "./images.ts";

/** The messages between the store and its drawing process (`drawing-process.ts`). */
export type DrawingRequest = { id: number; svg: string; image: RenderedImage };

/** `id` 0 is the process saying it is ready. Buffers arrive as Uint8Arrays (advanced serialisation). */
export type DrawingReply = { id: number; files: Uint8Array[] } | { id: number; error: string };
