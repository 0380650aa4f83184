import { BlockList, isIP, isIPv4, isIPv6 } from "node:net";

/**
 * Which addresses a picture named in an imported file may be fetched from (decision 0077): public
 * unicast only. A file is the owner's, but it may come from anyone (a supplier, a marketplace), and
 * an address in it must not make the store read its own admin ports, the database, a cloud's
 * metadata service (169.254.169.254) or anything else on its private network.
 */

const V4_REFUSED: Array<[string, number]> = [
  ["0.0.0.0", 8], // "this network", the unspecified address
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relays
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];

const v4Refused = new BlockList();
for (const [network, prefix] of V4_REFUSED) v4Refused.addSubnet(network, prefix, "ipv4");

/** IPv6's global unicast range; inside it, the parts that are not the open internet. */
const v6Global = new BlockList();
v6Global.addSubnet("2000::", 3, "ipv6");
const v6Refused = new BlockList();
v6Refused.addSubnet("2001::", 23, "ipv6"); // IETF protocol assignments (Teredo among them)
v6Refused.addSubnet("2001:db8::", 32, "ipv6"); // documentation
v6Refused.addSubnet("3fff::", 20, "ipv6"); // documentation

/**
 * True for an address a fetch may connect to: a public IPv4 address, or a global unicast IPv6 one.
 * Loopback, private, shared, link-local, unique-local, site-local, multicast, unspecified,
 * documentation and reserved ranges are refused; an IPv6 address that carries an IPv4 one
 * (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) is judged by the IPv4 address it carries. Anything that is not an address is refused.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIPv4(bare)) return !v4Refused.check(bare, "ipv4");
  if (!isIPv6(bare)) return false;
  const bytes = ipv6Bytes(bare);
  if (!bytes) return false;
  const embedded = embeddedIpv4(bytes);
  if (embedded !== null) return isPublicAddress(embedded);
  return v6Global.check(bare, "ipv6") && !v6Refused.check(bare, "ipv6");
}

/** An address as the family `dns.lookup` names it, or null when it is not an address. */
export function addressFamily(address: string): 4 | 6 | null {
  const family = isIP(address.replace(/^\[|\]$/g, ""));
  return family === 4 || family === 6 ? family : null;
}

/** The IPv4 address an IPv6 one carries in the forms that route to it, or null. */
function embeddedIpv4(bytes: number[]): string | null {
  const v4 = (at: number) => bytes.slice(at, at + 4).join(".");
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zero(0, 12)) return v4(12); // ::a.b.c.d, and :: and ::1, which are 0.0.0.0/8 then
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12))
    return v4(12); // NAT64's well-known prefix
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2); // 6to4
  return null;
}

/** The 16 bytes of a valid IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function ipv6Bytes(address: string): number[] | null {
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const parts = tail[1]!.split(".").map(Number);
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
    text = `${text.slice(0, -tail[1]!.length)}${hex(parts[0]!, parts[1]!)}:${hex(parts[2]!, parts[3]!)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return null;
  const all = [...left, ...Array<string>(missing).fill("0"), ...right];
  return all.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}
