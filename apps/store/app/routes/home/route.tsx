import { PageBlocks } from "../../features/content/page-blocks.tsx";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import { useRootData } from "../../root-data.ts";
import type { Route } from "./+types/route";
import { loadHome } from "./home.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context);
}

export function meta({ data }: Route.MetaArgs) {
  for (const block of data?.blocks ?? []) {
    if (block.type === "hero") return [{ title: block.title }, { name: "description", content: block.text }];
  }
  return [{ title: "Vitrine" }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const canEditPages = useRootData()?.staff?.canEditPages ?? false;
  return (
    <div className="space-y-12">
      <PageBlocks blocks={loaderData.blocks} pageSlug={HOME_PAGE_SLUG} canEditPages={canEditPages} />
    </div>
  );
}
