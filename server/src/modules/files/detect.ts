import { fileTypeFromBuffer, supportedExtensions } from 'file-type';
import type { FileType } from '@app/contracts';

/** How many leading bytes the sniffer looks at. */
export const SNIFF_BYTES = 4100;

/** Text-like formats file-type cannot recognise from bytes: the extension names them once the bytes look like text. */
const TEXT_MIMES: Record<string, string> = {
  txt: 'text/plain', log: 'text/plain', md: 'text/markdown', csv: 'text/csv', tsv: 'text/tab-separated-values', json: 'application/json',
  xml: 'application/xml', html: 'text/html', htm: 'text/html', css: 'text/css', js: 'text/javascript', ts: 'text/plain',
  vtt: 'text/vtt', srt: 'application/x-subrip', yml: 'text/yaml', yaml: 'text/yaml', ini: 'text/plain', svg: 'image/svg+xml', rtf: 'application/rtf',
};

/** Extensions that name the same format as the sniffed one. */
const ALIASES: Record<string, string[]> = {
  jpg: ['jpeg', 'jpe', 'jfif'], tif: ['tiff'], mp4: ['m4v', 'mp4v'], m4a: ['mp4', 'm4b', 'aac'], mov: ['qt'], mkv: ['mka', 'mk3d'],
  ogg: ['oga', 'ogv', 'opus'], opus: ['ogg'], oga: ['ogg'], ogv: ['ogg'], mpg: ['mpeg', 'mpe'], mp3: ['mpga'], xml: ['svg', 'html', 'htm', 'rss', 'atom', 'xhtml'],
  // Older Office formats share one container; the newer ones are zips file-type looks inside.
  cfb: ['doc', 'xls', 'ppt', 'msg', 'msi', 'pub', 'vsd'], zip: ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub', 'jar', 'apk', 'xpi'],
  heic: ['heif'], avif: ['avifs'], webm: ['weba'], wav: ['wave'], aif: ['aiff', 'aifc'],
};

const SPREADSHEET = new Set(['xls', 'xlsx', 'ods', 'csv', 'tsv', 'numbers']);
const WORD = new Set(['doc', 'docx', 'odt', 'rtf', 'pages', 'ppt', 'pptx', 'odp']);
const ARCHIVE = new Set(['zip', 'rar', '7z', 'tar', 'gz', 'bz2', 'xz', 'zst', 'tgz', 'cab', 'lz', 'lzh', 'ar']);

export class TypeMismatchError extends Error {}

/** The longest extension stored (file_entries.extension, as the upload settings' lists): past it, the dot is part of the name. */
const EXTENSION_MAX = 20;

/** `mp4` from `night.mp4`; none from `My.Holiday.Video_Final_Cut_Extended`, whose last dot starts no real extension. */
export function extensionOf(name: string): string | null {
  const m = /\.([^.]+)$/.exec(name);
  const ext = m && m.index > 0 ? m[1].toLowerCase() : null;
  return ext && ext.length <= EXTENSION_MAX ? ext : null;
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // Allow a multi-byte character cut at the sniff boundary; anything else must be valid UTF-8.
  const text = head.toString('utf8');
  const bad = (text.match(/\uFFFD/g) ?? []).length;
  return bad <= (head.length >= SNIFF_BYTES ? 1 : 0);
}

export function fileTypeOf(mime: string, ext: string | null): FileType {
  if (ext && SPREADSHEET.has(ext)) return 'spreadsheet';
  if (ext && WORD.has(ext)) return 'word';
  if (ext === 'psd' || mime === 'image/vnd.adobe.photoshop') return 'photoshop';
  if (ext && ARCHIVE.has(ext)) return 'archive';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('text/') || mime === 'application/json' || mime === 'application/xml' || mime === 'application/x-subrip') return 'text';
  return 'file';
}

const major = (mime: string) => mime.split('/')[0];

/**
 * The file's real format, decided from its first bytes; the name's extension and the client's claimed mime
 * must agree with it. Throws TypeMismatchError when they do not.
 */
export async function detectFileType(head: Buffer, name: string, claimedMime?: string): Promise<{ mime: string; extension: string | null; type: FileType }> {
  const ext = extensionOf(name);
  const claimedMajor = claimedMime && claimedMime !== 'application/octet-stream' ? major(claimedMime) : null;
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed) {
    const sameFormat = !ext || ext === sniffed.ext || (ALIASES[sniffed.ext] ?? []).includes(ext)
      // Audio and video containers overlap (an .mp4 with only sound sniffs as m4a): same kind of media is enough.
      || (['audio', 'video'].includes(major(sniffed.mime)) && ['audio', 'video'].includes(major(TEXT_MIMES[ext] ?? guessMime(ext))));
    if (!sameFormat) throw new TypeMismatchError();
    if (claimedMajor && ['image', 'audio', 'video'].includes(claimedMajor) && !['image', 'audio', 'video'].includes(major(sniffed.mime))) throw new TypeMismatchError();
    const mime = sniffed.ext === 'xml' && ext && TEXT_MIMES[ext] ? TEXT_MIMES[ext] : sniffed.mime;
    return { mime, extension: ext ?? sniffed.ext, type: fileTypeOf(mime, ext ?? sniffed.ext) };
  }
  // No binary signature: a name claiming a binary format file-type knows, or a media mime, is a lie.
  if (ext && (supportedExtensions as ReadonlySet<string>).has(ext) && !TEXT_MIMES[ext]) throw new TypeMismatchError();
  const text = looksLikeText(head);
  if (claimedMajor && ['image', 'audio', 'video'].includes(claimedMajor) && !(text && ext === 'svg')) throw new TypeMismatchError();
  if (ext && TEXT_MIMES[ext] && !text) throw new TypeMismatchError();
  const mime = text ? (ext && TEXT_MIMES[ext]) || 'text/plain' : 'application/octet-stream';
  return { mime, extension: ext, type: fileTypeOf(mime, ext) };
}

/** Media mime by extension for the audio/video overlap check. */
function guessMime(ext: string): string {
  if (['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', 'mpg', 'mpeg', 'ogv', '3gp', 'wmv', 'flv', 'ts'].includes(ext)) return 'video/x';
  if (['mp3', 'm4a', 'aac', 'wav', 'flac', 'ogg', 'oga', 'opus', 'wma', 'aiff', 'weba'].includes(ext)) return 'audio/x';
  return 'application/x';
}
