import { HttpError } from '../../http/errors.ts';

/** Caption files the form takes: WebVTT as is, SubRip converted to WebVTT. */
export const CAPTION_EXTENSIONS = ['vtt', 'srt'] as const;
export const CAPTION_TYPE_ERROR = 'The caption file must be a .vtt or .srt file.';
export const CAPTION_CUES_ERROR = 'The caption file has no cues with valid times.';

const refuse = (message: string) => new HttpError(422, message, { file: [message] });

/** A timing line of either format: `00:01.000 --> 00:02.500`, hours optional, SubRip's comma or WebVTT's dot. */
const TIMING = /^((?:\d+:)?[0-5]?\d:[0-5]?\d)[,.](\d{1,3})[ \t]+-->[ \t]+((?:\d+:)?[0-5]?\d:[0-5]?\d)[,.](\d{1,3})(.*)$/;

/** The text of the file: UTF-8 (with or without a byte order mark), UTF-16 with one, else Windows-1252 / Latin-1. */
function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Not UTF-8: the usual other encoding of subtitle files made on Windows; every byte decodes.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const pad = (part: string, size: number) => part.padStart(size, '0');

/** `1:02:03` / `02:03` with milliseconds as WebVTT writes them (`01:02:03.000` / `02:03.000`). */
function stamp(clock: string, ms: string): string {
  const parts = clock.split(':');
  const head = parts.length === 3 ? `${pad(parts[0]!, 2)}:` : '';
  return `${head}${pad(parts.at(-2)!, 2)}:${pad(parts.at(-1)!, 2)}.${ms.padEnd(3, '0')}`;
}

const seconds = (clock: string, ms: string) => clock.split(':').reduce((t, p) => t * 60 + Number(p), 0) + Number(ms.padEnd(3, '0')) / 1000;

/**
 * An uploaded caption file as the UTF-8 WebVTT the player reads, or a 422: a browser reads a track as UTF-8 whatever
 * the file holds (Latin-1 accents became replacement marks) and plays WebVTT only (a .srt track showed nothing).
 * Line ends become `\n`, a byte order mark goes, and the file must hold at least one cue with valid times.
 */
export function toWebVtt(bytes: Buffer, fileName: string): string {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (!(CAPTION_EXTENSIONS as readonly string[]).includes(ext)) throw refuse(CAPTION_TYPE_ERROR);
  const lines = decode(bytes).replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (ext === 'vtt' && !/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) throw refuse(CAPTION_TYPE_ERROR);
  let cues = 0;
  const out = lines.map((line) => {
    const m = TIMING.exec(line.trim());
    if (!m) return line;
    // A cue that ends before it starts is skipped by players; a file of only such cues shows nothing.
    if (seconds(m[3]!, m[4]!) > seconds(m[1]!, m[2]!)) cues++;
    // SubRip's position hints (X1:… Y1:…) mean nothing to WebVTT; its cue settings are kept.
    const settings = ext === 'srt' ? '' : m[5]!;
    return `${stamp(m[1]!, m[2]!)} --> ${stamp(m[3]!, m[4]!)}${settings}`;
  });
  if (!cues) throw refuse(CAPTION_CUES_ERROR);
  if (ext === 'srt') out.unshift('WEBVTT', '');
  return `${out.join('\n').trimEnd()}\n`;
}
