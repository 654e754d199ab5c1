import AboutPage from "@/app/about/page";

// The prerendered copy of /about (built once; served without the proxy, lib/static-pages.mjs):
// force-static makes headers() and cookies() empty, so the root layout renders the English,
// signed-out shell and the theme script without a nonce (CSP: docs/SECURITY.md, "Static pages").
export { generateMetadata } from "@/app/about/page";
export const dynamic = "force-static";
export default AboutPage;
