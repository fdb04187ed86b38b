/**
 * A corpus of hostile uploads, generated in code (nothing binary is checked in): polyglots, script in SVG/HTML/XML,
 * server scripts with image names, double extensions, traversal/control/RTL names, decompression bombs, zero-byte and
 * truncated files. Used by server/test/upload-corpus.test.ts and the bench's uploads section.
 */
import zlib from 'node:zlib';
import { pngChunk as chunk } from '../src/db/seed/png.ts';

export interface CorpusFile { name: string; bytes: Buffer; mime: string }

/** A PNG of `width`×`height` 1-bit grey pixels, all zero: tiny on disk, width×height bytes once decoded. */
export function pngOf(width: number, height: number, extra: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // 50 MB of zero rows for the 20000×20000 bomb: deflated once, to about 50 KB.
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), ...extra, chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const PNG_1 = pngOf(1, 1);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
const GIF_1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SCRIPT = '<script>alert(document.domain)</script>';
const HTML = `<!doctype html><html><body><h1>Sign in</h1>${SCRIPT}</body></html>`;
const PHP = '<?php system($_GET["c"]); ?>';
const txt = (s: string) => Buffer.from(s, 'utf8');

/** A GIF header whose logical screen claims `w`×`h`. */
function gifHeader(w: number, h: number): Buffer {
  const b = Buffer.from(GIF_1);
  b.writeUInt16LE(w, 6);
  b.writeUInt16LE(h, 8);
  // The image descriptor's size too (bytes 32-35 in this 1×1 file).
  b.writeUInt16LE(w, 32);
  b.writeUInt16LE(h, 34);
  return b;
}

/** A baseline JPEG header (SOF0) claiming `w`×`h`, with no scan data. */
function jpegClaiming(w: number, h: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, h >> 8, h & 0xff, w >> 8, w & 0xff, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([JPEG_HEAD, sof, Buffer.from([0xff, 0xd9])]);
}

let cache: CorpusFile[] | null = null;

/** At least 50 files; the bomb is built once per process. */
export function uploadCorpus(): CorpusFile[] {
  if (cache) return cache;
  const files: CorpusFile[] = [];
  const add = (name: string, bytes: Buffer, mime = 'application/octet-stream') => files.push({ name, bytes, mime });
  // Polyglots: image magic followed by script or markup.
  add('polyglot.gif', Buffer.concat([txt('GIF89a/*'), GIF_1.subarray(8), txt(`*/=1;alert(document.domain)//${SCRIPT}`)]), 'image/gif');
  add('polyglot-gif.js', Buffer.concat([txt('GIF89a/*'), GIF_1.subarray(8), txt('*/=1;alert(1)//')]), 'application/javascript');
  add('polyglot.png', Buffer.concat([PNG_1, txt(HTML)]), 'image/png');
  add('polyglot-png.html', Buffer.concat([PNG_1, txt(HTML)]), 'text/html');
  add('polyglot.jpg', Buffer.concat([JPEG_HEAD, txt(HTML)]), 'image/jpeg');
  add('polyglot.webp', Buffer.concat([txt('RIFF'), Buffer.from([0x40, 0, 0, 0]), txt('WEBPVP8 '), txt(HTML)]), 'image/webp');
  add('gifar.gif', Buffer.concat([GIF_1, txt('PK\x03\x04'), Buffer.alloc(26), txt('META-INF/MANIFEST.MF')]), 'image/gif');
  add('png-itxt-script.png', pngOf(2, 2, [chunk('tEXt', txt(`Comment\0${HTML}`))]), 'image/png');
  // Script in SVG.
  add('script.svg', txt(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`), 'image/svg+xml');
  add('onload.svg', txt('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>'), 'image/svg+xml');
  add('foreign-object.svg', txt(`<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="100" height="100"><body xmlns="http://www.w3.org/1999/xhtml">${SCRIPT}</body></foreignObject></svg>`), 'image/svg+xml');
  add('xlink.svg', txt('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><text y="20">click</text></a></svg>'), 'image/svg+xml');
  add('svg-as.png', txt(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`), 'image/png');
  add('svg-as.jpg', txt(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`), 'image/jpeg');
  add('image.svgz', zlib.gzipSync(txt(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`)), 'image/svg+xml');
  // Documents a browser would run.
  add('page.html', txt(HTML), 'text/html');
  add('page.htm', txt(HTML), 'text/html');
  add('page.xhtml', txt(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body>${SCRIPT}</body></html>`), 'application/xhtml+xml');
  add('page.shtml', txt(`<!--#exec cmd="id" -->${HTML}`), 'text/html');
  add('utf16.html', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(HTML, 'utf16le')]), 'text/html');
  add('utf7.html', txt('+ADw-script+AD4-alert(1)+ADw-/script+AD4-'), 'text/html');
  add('data.xml', txt(`<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`), 'application/xml');
  add('xsl.xml', txt('<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="#"?><root/>'), 'text/xml');
  add('feed.rss', txt(`<?xml version="1.0"?><rss version="2.0"><channel><title>${SCRIPT}</title></channel></rss>`), 'application/rss+xml');
  add('feed.atom', txt('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title type="html">&lt;script&gt;alert(1)&lt;/script&gt;</title></feed>'), 'application/atom+xml');
  add('doc.pdf', txt('%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF'), 'application/pdf');
  add('page.mhtml', txt(`MIME-Version: 1.0\nContent-Type: multipart/related; boundary="b"\n\n--b\nContent-Type: text/html\n\n${HTML}\n--b--`), 'multipart/related');
  add('notes.txt', txt(HTML), 'text/plain');
  add('style.css', txt('body{background:url("javascript:alert(1)")}'), 'text/css');
  add('movie.swf', Buffer.concat([txt('FWS'), Buffer.from([9, 0x20, 0, 0, 0]), Buffer.alloc(20)]), 'application/x-shockwave-flash');
  add('script.js', txt('alert(document.domain)'), 'application/javascript');
  add('module.mjs', txt('export default alert(1)'), 'text/javascript');
  add('caption-script.vtt', txt(`WEBVTT\n\n00:00.000 --> 00:01.000\n${SCRIPT}\n`), 'text/vtt');
  add('html-named.vtt', txt(`WEBVTT\n\n${HTML}`), 'text/vtt');
  add('cert-html.json', txt(JSON.stringify({ type: 'service_account', x: HTML })), 'application/json');
  add('favicon-html.ico', Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), txt(HTML)]), 'image/x-icon');
  // Server-side scripts dressed as images.
  add('shell.php.png', txt(PHP), 'image/png');
  add('shell.jpg', txt(PHP), 'image/jpeg');
  add('shell.php', txt(PHP), 'application/x-php');
  add('shell.phtml', txt(PHP), 'image/png');
  add('shell.png.php', Buffer.concat([PNG_1, txt(PHP)]), 'image/png');
  add('.htaccess', txt('AddType application/x-httpd-php .png'), 'text/plain');
  add('eicar.com', txt('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'), 'application/octet-stream');
  // Double extensions.
  add('photo.png.html', txt(HTML), 'text/html');
  add('photo.jpg.svg', txt(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`), 'image/svg+xml');
  add('invoice.pdf.exe', txt('MZ\x90\x00'), 'application/octet-stream');
  add('archive.tar.gz.html', txt(HTML), 'text/html');
  // Hostile names (real PNG bytes, so only the name is the attack).
  add('../../../../etc/passwd.png', PNG_1, 'image/png');
  add('..\\..\\windows\\win.png', PNG_1, 'image/png');
  add('/absolute/path.png', PNG_1, 'image/png');
  add('nul\u0000byte.png', PNG_1, 'image/png');
  add('crlf\r\nContent-Type: text/html.png', PNG_1, 'image/png');
  add('tab\tand\u0007bell.png', PNG_1, 'image/png');
  add('evil\u202Egnp.html', txt(HTML), 'image/png');
  add('quote".png', PNG_1, 'image/png');
  add(`${'a'.repeat(300)}.png`, PNG_1, 'image/png');
  // Bombs and lies about size.
  add('bomb.png', pngOf(20000, 20000), 'image/png');
  add('huge.gif', gifHeader(65535, 65535), 'image/gif');
  add('huge.jpg', jpegClaiming(65500, 65500), 'image/jpeg');
  // Empty and truncated.
  add('empty.png', Buffer.alloc(0), 'image/png');
  add('empty.html', Buffer.alloc(0), 'text/html');
  add('truncated.png', PNG_1.subarray(0, 30), 'image/png');
  add('truncated.jpg', JPEG_HEAD.subarray(0, 6), 'image/jpeg');
  add('truncated.gif', GIF_1.subarray(0, 10), 'image/gif');
  cache = files;
  return files;
}
