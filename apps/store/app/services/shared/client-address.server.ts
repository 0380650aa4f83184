import { isIPv4, isIPv6 } from "node:net";

/**
 * The part of a client's address that login limits count by: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4), an IPv6 address as its /64 network, since one subscriber
 * is usually handed a whole /64 and could otherwise take a fresh address for every try. Anything
 * that is not an IP address (a test's name, "unknown") is its own bucket.
 */
export function addressBucket(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, "");
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address: `::` filled in, a dotted IPv4 tail as two groups. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groupsOf = (part: string | undefined) =>
    part ? part.split(":").map((group) => Number.parseInt(group, 16)) : [];
  const [head, tail] = text.split("::");
  if (tail === undefined) return groupsOf(head);
  const left = groupsOf(head);
  const right = groupsOf(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
