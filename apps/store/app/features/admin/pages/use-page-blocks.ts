import { useEffect, useRef, useState } from "react";
import type { BlockType } from "../../../lib/content-blocks.ts";
import {
  type Data,
  type Draft,
  draftKey,
  newData,
  type PageBuilderChoices,
  type PageRecord,
} from "./page-drafts.ts";

/**
 * A page's blocks as the builder holds them until it saves, the kind the next one will be, and the
 * element that takes the focus after the next render. `lastFocus` is where the focus goes when
 * the last block is removed; `focusBlock` (the storefront's edit link) takes it first.
 */
export function usePageBlocks(
  page: PageRecord,
  choices: PageBuilderChoices,
  focusBlock: number | null,
  lastFocus: string,
) {
  const [blocks, setBlocks] = useState<Draft[]>(
    page.blocks.map((block) => ({
      key: `block-${block.id}`,
      id: block.id,
      type: block.type,
      data: block.data,
    })),
  );
  const [adding, setAdding] = useState<BlockType>("text");
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (focusBlock === null) return;
    // The editor asked for this block by its edit link: its name takes the focus, and the view.
    document.getElementById(`block-${focusBlock}`)?.focus();
  }, [focusBlock]);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const change = (key: string, data: Data) =>
    setBlocks((all) => all.map((block) => (block.key === key ? { ...block, data } : block)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...blocks];
    const [block] = next.splice(index, 1);
    next.splice(index + by, 0, block!);
    setBlocks(next);
    focusNext.current = `${block!.key}-${by < 0 ? "up" : "down"}`;
  };
  const remove = (index: number) => {
    setBlocks(blocks.filter((_, at) => at !== index));
    focusNext.current = blocks[index + 1]?.key ?? blocks[index - 1]?.key ?? lastFocus;
  };
  const add = () => {
    const key = draftKey();
    setBlocks([...blocks, { key, type: adding, data: newData(adding, choices) }]);
    focusNext.current = key;
  };

  return { blocks, adding, setAdding, change, move, remove, add };
}

export type PageBlocks = ReturnType<typeof usePageBlocks>;
