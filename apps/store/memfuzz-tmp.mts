// Temporary measurement (not committed): RSS of one store across repeated fuzz rounds.
import { readFileSync } from "node:fs";
import { fuzzRequests, send } from "./tests/e2e/fuzz-requests.ts";

const [origin, pid, rounds] = [process.argv[2]!, process.argv[3]!, Number(process.argv[4] ?? 6)];
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const tokenAnswer = await fetch(`${origin}/api/vitrine/v2/auth/token`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ email: "m@example.com", password: "memory password long" }),
});
const { token } = (await tokenAnswer.json()) as { token: string };
const shop = await (await fetch(`${origin}/shop`)).text();
const productPath = /href="(\/product\/[^"?#]+)"/.exec(shop)![1]!;
const requests = fuzzRequests({
  shopperCookie: "",
  restNonce: "",
  formNonces: {},
  productPath,
  adminCookie: "",
  adminToken: token,
});
console.log(`requests per round: ${requests.length}; RSS before: ${rss().toFixed(0)} MB`);
for (let round = 1; round <= rounds; round++) {
  let fives = 0;
  for (let start = 0; start < requests.length; start += 4) {
    const answers = await Promise.all(requests.slice(start, start + 4).map((r) => send(origin, r)));
    fives += answers.filter((a) => a.status === "no answer" || a.status >= 500).length;
  }
  console.log(`round ${round}: RSS ${rss().toFixed(0)} MB, 5xx/unanswered ${fives}`);
}
