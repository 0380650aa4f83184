import { useRouteLoaderData } from "react-router";
// Types only: this module is how the pages and features read the root's data without importing the
// root route, whose layout imports them (no import cycles, decision 0054).
import type { loader } from "./root.tsx";

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}
