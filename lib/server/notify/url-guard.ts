import "server-only";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { env } from "../env";
import { AppError } from "../errors";

// Webhook targets must be public: a URL that resolves to loopback, private, link-local (cloud
// metadata), CGNAT, unspecified or multicast space is refused unless WEBHOOK_ALLOW_PRIVATE=true.
// Checked when an endpoint is registered and again at every delivery, on the address the
// delivery then connects to (so a DNS answer that changes in between cannot slip through).

// Two lists: Node checks an IPv4 address against IPv6 rules as ::ffff:a.b.c.d, so one list holding
// ::ffff:0:0/96 refused every public IPv4 address.
const blocked = new BlockList();
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  // Tunnels and translation prefixes that embed an IPv4 address (6to4, local-use NAT64, Teredo), and deprecated site-local.
  ["2002::", 16],
  ["64:ff9b:1::", 48],
  ["2001::", 32],
  ["fec0::", 10],
] as const) {
  blocked6.addSubnet(net, prefix, "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged by its IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  return family === 4 ? blocked.check(address, "ipv4") : blocked6.check(address, "ipv6");
}

/** Parses and checks a webhook URL's form (http(s), no credentials). */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("VALIDATION_FAILED", "The webhook URL is not a valid URL.", {
      details: [{ code: "FIELD_INVALID_FORMAT", path: "url", message: "expected an absolute http(s) URL" }],
    });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new AppError("VALIDATION_FAILED", "Webhook URLs must be http:// or https://.", {
      details: [{ code: "FIELD_INVALID_VALUE", path: "url", message: "use https://" }],
    });
  if (url.username || url.password)
    throw new AppError("VALIDATION_FAILED", "Webhook URLs must not carry credentials.", {
      details: [{ code: "FIELD_INVALID_VALUE", path: "url", message: "remove user:password@" }],
    });
  return url;
}

function notPublic(host: string): AppError {
  return new AppError(
    "VALIDATION_FAILED",
    `The webhook host ${host} does not resolve to a public address (loopback, private and link-local are refused).`,
    {
      details: [
        {
          code: "URL_NOT_PUBLIC",
          params: { host },
          path: "url",
          message: "use a public host name or address (WEBHOOK_ALLOW_PRIVATE=true allows private ones on local setups)",
        },
      ],
    },
  );
}

/** Every address the host resolves to, refused if any is private (unless allowed). */
export async function resolvePublicAddresses(host: string): Promise<Array<{ address: string; family: number }>> {
  const bare = host.replace(/^\[|\]$/g, "");
  const addresses = isIP(bare)
    ? [{ address: bare, family: isIP(bare) }]
    : await lookup(bare, { all: true, verbatim: true }).catch(() => []);
  // One answer for "does not resolve" and "not public": two would tell an account which internal names exist.
  if (addresses.length === 0 || (!env.WEBHOOK_ALLOW_PRIVATE && addresses.some((a) => isPrivateAddress(a.address))))
    throw notPublic(host);
  return addresses;
}

export async function assertPublicWebhookUrl(raw: string): Promise<URL> {
  const url = parseWebhookUrl(raw);
  await resolvePublicAddresses(url.hostname);
  return url;
}
