import { SITE_IMAGE_SIZE } from '../files';

/**
 * The website's one stylesheet: system fonts, no background image, colours with at least 4.5:1 contrast, a
 * single column on phones and two beyond 48rem, visible focus, reduced motion respected.
 */
export const SITE_CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.55;color:#1d1b22;background:#fff}
a{color:#5b2a86}
a:hover{color:#3f1d5e}
:focus-visible{outline:3px solid #c2410c;outline-offset:2px}
.wrap{max-width:64rem;margin:0 auto;padding:0 1.25rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:10}
.skip:focus{left:.5rem;top:.5rem}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.site-header{border-bottom:1px solid #e7e2ee;background:#fff}
.header-row{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1.5rem;padding-top:.75rem;padding-bottom:.75rem}
.brand{margin:0;font-weight:700;font-size:1.15rem}
.brand a{text-decoration:none;color:#1d1b22}
.nav{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:0}
.nav a{display:inline-block;padding:.5rem .25rem;text-decoration:none;font-weight:500}
.nav a[aria-current="page"]{text-decoration:underline;text-underline-offset:.3em}
main{display:block;padding-bottom:2rem}
main:focus{outline:none}
h1,h2,h3,h4{line-height:1.2;margin:1.5rem 0 .75rem}
h1{font-size:clamp(1.9rem,5vw,2.9rem)}
h2{font-size:1.45rem}
h3{font-size:1.15rem}
h4{font-size:1rem}
.hero{background:#f5f0fa;padding:2.5rem 0 2rem}
.hero h1{margin-top:0}
.lead{font-size:1.15rem;max-width:40rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.25rem 0 0}
.button{display:inline-block;padding:.8rem 1.3rem;border-radius:.5rem;background:#5b2a86;color:#fff;text-decoration:none;font-weight:600;min-height:44px}
.button:hover{background:#3f1d5e;color:#fff}
.button.secondary{background:#fff;color:#5b2a86;border:2px solid #5b2a86}
.grid{display:grid;gap:0 2.5rem;grid-template-columns:1fr}
@media (min-width:48rem){.grid{grid-template-columns:1fr 1fr}.service-columns{columns:2;column-gap:2.5rem}}
.hours{border-collapse:collapse;width:100%;max-width:26rem}
.hours th,.hours td{padding:.4rem .25rem;border-bottom:1px solid #e7e2ee;text-align:left}
.hours th{font-weight:600}
address{font-style:normal}
.small{font-size:.9rem;color:#57505f}
.band{padding:1rem 0 1.5rem}
.band.alt{background:#faf8fc}
.category{break-inside:avoid}
.services,.people{list-style:none;margin:0;padding:0}
.service{display:flex;justify-content:space-between;align-items:flex-start;gap:1rem;padding:.75rem 0;border-bottom:1px solid #e7e2ee}
.service-main{flex:1 1 auto;min-width:0}
.service-img{flex:none;width:${Math.round(SITE_IMAGE_SIZE.service * 0.78)}px;height:${Math.round(SITE_IMAGE_SIZE.service * 0.78)}px;border-radius:.5rem;object-fit:cover;background:#f5f0fa}
@media (min-width:48rem){.service-img{width:${SITE_IMAGE_SIZE.service}px;height:${SITE_IMAGE_SIZE.service}px}}
.service-name{margin:0;font-size:1rem}
.service-desc,.service-meta{margin:.2rem 0 0;font-size:.9rem;color:#57505f}
.price{margin:0;font-weight:600;white-space:nowrap;text-align:right}
.book-link{display:inline-block;margin-left:.5rem;padding:.55rem .4rem;font-weight:500}
.people{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:1.25rem}
.person{text-align:center}
.avatar{display:inline-flex;align-items:center;justify-content:center;width:${SITE_IMAGE_SIZE.staff}px;height:${SITE_IMAGE_SIZE.staff}px;border-radius:50%;background:#5b2a86;color:#fff;font-weight:700;font-size:1.6rem;object-fit:cover}
.person-name{margin:.5rem 0 0;font-weight:600}
.person-title{margin:0;font-size:.9rem;color:#57505f}
.site-footer{border-top:1px solid #e7e2ee;padding:1.25rem 0;background:#faf8fc}
.site-footer p{margin:.25rem 0}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}
`;
