/**
 * Hover intent for menu dropdowns (spec §9 timings): a dropdown opens once the mouse has slowed
 * down over its item, that is when it moved less than `sensitivity` px (|dx| + |dy|) during one
 * `interval`, as jQuery's hoverIntent decides; it closes `hideDelay` ms after the mouse leaves,
 * unless the mouse comes back first. The spec's hoverIntent time-out (70 ms) is shorter than the
 * dropdown hide delay (150 ms) and so never decides alone (decision 0025). Touch and pen pointers
 * are left to the item's toggle button.
 */
export const HOVER_INTENT = { sensitivity: 3, interval: 20, timeout: 70 } as const;
export const DROPDOWN_HIDE_DELAY = 150;

export function hoverIntent(
  element: HTMLElement,
  handlers: { over: () => void; out: () => void },
): () => void {
  let x = 0;
  let y = 0;
  let previousX = 0;
  let previousY = 0;
  let poll: ReturnType<typeof setTimeout> | undefined;
  let closing: ReturnType<typeof setTimeout> | undefined;

  const track = (event: PointerEvent) => {
    x = event.clientX;
    y = event.clientY;
  };
  const compare = () => {
    poll = undefined;
    if (Math.abs(previousX - x) + Math.abs(previousY - y) < HOVER_INTENT.sensitivity) {
      element.removeEventListener("pointermove", track);
      handlers.over();
      return;
    }
    previousX = x;
    previousY = y;
    poll = setTimeout(compare, HOVER_INTENT.interval);
  };
  const enter = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(closing);
    closing = undefined;
    x = previousX = event.clientX;
    y = previousY = event.clientY;
    element.addEventListener("pointermove", track);
    clearTimeout(poll);
    poll = setTimeout(compare, HOVER_INTENT.interval);
  };
  const leave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(poll);
    poll = undefined;
    element.removeEventListener("pointermove", track);
    clearTimeout(closing);
    closing = setTimeout(() => {
      closing = undefined;
      handlers.out();
    }, DROPDOWN_HIDE_DELAY);
  };

  element.addEventListener("pointerenter", enter);
  element.addEventListener("pointerleave", leave);
  return () => {
    clearTimeout(poll);
    clearTimeout(closing);
    element.removeEventListener("pointerenter", enter);
    element.removeEventListener("pointerleave", leave);
    element.removeEventListener("pointermove", track);
  };
}

/** Containers narrower than this leave their dropdowns where they are (spec §9 layout). */
export const AUTO_POSITION_MIN_WIDTH = 750;

type Box = { left: number; right: number };

/**
 * How far to move a dropdown sideways so that it stays inside its container: 0 when it fits, or
 * when the container is narrower than 750 px; a dropdown wider than its container keeps its left
 * edge inside.
 */
export function dropdownShift(container: Box, dropdown: Box): number {
  if (container.right - container.left < AUTO_POSITION_MIN_WIDTH) return 0;
  if (dropdown.left < container.left) return container.left - dropdown.left;
  if (dropdown.right > container.right)
    return Math.max(container.right - dropdown.right, container.left - dropdown.left);
  return 0;
}
