import { Node, mergeAttributes, type Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Placeholder } from '@tiptap/extensions';
import TextAlign from '@tiptap/extension-text-align';
import Image from '@tiptap/extension-image';
import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';
import { TableKit } from '@tiptap/extension-table';
import { createLowlight } from 'lowlight';
import xml from 'highlight.js/lib/languages/xml';
import javascript from 'highlight.js/lib/languages/javascript';
import css from 'highlight.js/lib/languages/css';
import php from 'highlight.js/lib/languages/php';
import shell from 'highlight.js/lib/languages/shell';
import bash from 'highlight.js/lib/languages/bash';
import ruby from 'highlight.js/lib/languages/ruby';
import python from 'highlight.js/lib/languages/python';
import java from 'highlight.js/lib/languages/java';
import cpp from 'highlight.js/lib/languages/cpp';

/** The ten code-block languages of the spec (Part C, page editor), value → label. */
export const CODE_LANGUAGES = [
  { value: 'html', label: 'HTML' },
  { value: 'javascript', label: 'JavaScript' },
  { value: 'css', label: 'CSS' },
  { value: 'php', label: 'PHP' },
  { value: 'shell', label: 'Shell' },
  { value: 'bash', label: 'Bash' },
  { value: 'ruby', label: 'Ruby' },
  { value: 'python', label: 'Python' },
  { value: 'java', label: 'Java' },
  { value: 'cpp', label: 'C++' },
] as const;

const lowlight = createLowlight();
lowlight.register({ html: xml, javascript, css, php, shell, bash, ruby, python, java, cpp });

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    embed: { setEmbed: (options: { src: string }) => ReturnType };
  }
}

/** An embedded page (video player, map …) as an iframe; only https sources are kept by the server. */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'iframe[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['iframe', mergeAttributes(HTMLAttributes, { width: '100%', height: '400', frameborder: '0', allowfullscreen: 'true' })];
  },
  addCommands() {
    return {
      setEmbed: (options) => ({ commands }) => commands.insertContent({ type: this.name, attrs: options }),
    };
  },
});

export function editorExtensions(placeholder: string): Extensions {
  return [
    StarterKit.configure({
      codeBlock: false,
      heading: { levels: [1, 2, 3, 4] },
      link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null } },
    }),
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
    Image.configure({ inline: false }),
    CodeBlockLowlight.configure({ lowlight, defaultLanguage: 'html' }),
    Embed,
    // Tables have no toolbar button, but one pasted from a word processor or a web page, or already in an imported
    // article, stays a table (the server keeps tables): without this, opening and saving glued its cells into one line.
    TableKit.configure({ table: { resizable: false } }),
    Placeholder.configure({ placeholder }),
  ];
}
