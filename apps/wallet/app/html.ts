const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text for HTML, escaped: every value that reaches a page goes through this. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (character) => entities[character]!);
}

export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat("en", { style: "currency", currency }).format(minor / 100);
}

/** A whole page of the wallet: plain, readable, no script unless the page brings its own (nonced). */
export function page(title: string, body: string, options: { nonce?: string; script?: string } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #1c1917; }
  h1 { font-size: 1.5rem; } table { width: 100%; border-collapse: collapse; }
  td, th { padding: .35rem 0; border-bottom: 1px solid #e7e5e4; text-align: left; } .num { text-align: right; }
  label { display: block; margin-top: .75rem; } input { width: 100%; padding: .4rem; font: inherit; }
  button { margin-top: 1rem; padding: .6rem 1.2rem; font: inherit; font-weight: 600; background: #1e3a8a; color: #fff; border: 0; border-radius: .25rem; }
  .error { color: #b3261e; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
${options.script ? `<script nonce="${escapeHtml(options.nonce ?? "")}">${options.script}</script>` : ""}
</body>
</html>`;
}
