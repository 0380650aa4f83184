import type { NextFunction, Request, Response } from "express";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request whose Origin (or, failing that, Referer) names another site.
 * Requests with neither (scripts, old clients) pass: the SameSite=Lax session cookie and the nonces
 * protect those.
 */
export function refuseCrossSiteRequests() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (safeMethods.has(req.method)) return next();
    const claimed = req.headers.origin ?? req.headers.referer;
    if (claimed === undefined) return next();
    if (sameHost(claimed, req.headers.host)) return next();
    res.status(403).json({
      code: "rest_cross_site_request",
      message: "Cross-site requests are not allowed.",
      data: { status: 403 },
    });
  };
}

function sameHost(claimed: string, host: string | undefined): boolean {
  if (!host || claimed === "null") return false;
  try {
    return new URL(claimed).host === host;
  } catch {
    return false;
  }
}
