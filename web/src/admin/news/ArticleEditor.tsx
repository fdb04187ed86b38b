import { useState } from 'react';
import type { NewsArticleInput } from '@app/contracts/news';
import { PageEditor, type PageEditorValues } from '../../ui/editor/PageEditor';
import { uploadPageMedia } from '../custom-pages/api';
import { ArticleImageField } from './ArticleImageField';

interface Props {
  initial?: PageEditorValues & { image: string | null };
  loading?: boolean;
  /** Answers the article as stored (its slug as the server keeps it), or nothing when the editor is left. */
  onSave: (values: NewsArticleInput, saved: { release: () => void }) => Promise<{ slug: string } | void>;
}

/** The page and article editor of Part C, with the article's image between its title and body. */
export function ArticleEditor({ initial, loading, onSave }: Props) {
  const [image, setImage] = useState<string | null>(initial?.image ?? null);
  const [savedImage, setSavedImage] = useState(image);
  return (
    <PageEditor
      backTo="/admin/news"
      slugPrefix="/news/…/"
      initial={initial && { title: initial.title, slug: initial.slug, body: initial.body }}
      loading={loading}
      // Images inside the body go where every editor's do (page_media); the article's own image to news_images.
      uploadImage={uploadPageMedia}
      onSave={async (values, saved) => {
        const sent = image;
        const stored = await onSave({ ...values, image: sent }, saved);
        setSavedImage(sent);
        return stored;
      }}
      dirty={image !== savedImage}
    >
      {!loading && <ArticleImageField value={image} onChange={setImage} />}
    </PageEditor>
  );
}
