import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  playProgressSchema, playStartSchema, transcodeStartSchema, videoCreateSchema, videoUpdateSchema,
  videoEntity, transcodeEntity, uploadInitSchema, fileEntryEntity, uploadSessionEntity,
  channelSchema, channelItemsSchema, channelReorderSchema, channelEntity, channelItemEntity,
  reviewCreateSchema, reviewFieldsSchema, reviewVoteSchema, reportSchema, reviewEntity,
  commentCreateSchema, commentUpdateSchema, commentRestoreSchema, commentEntity,
  newsArticleSchema, newsCardEntity, newsArticleEntity, customPageSchema, customPageEntity,
} from '../src/index.ts';

/**
 * Issue 18 item 2: the examples shown in the API docs for the videos, uploads, channels, reviews, comments, news and
 * custom pages calls are valid for their schemas (a client copying one gets a 200, not a 422).
 */
const withExamples: [string, z.ZodType][] = [
  ['videoCreateSchema', videoCreateSchema], ['videoUpdateSchema', videoUpdateSchema], ['playStartSchema', playStartSchema],
  ['playProgressSchema', playProgressSchema], ['transcodeStartSchema', transcodeStartSchema],
  ['videoEntity', videoEntity], ['transcodeEntity', transcodeEntity],
  ['uploadInitSchema', uploadInitSchema], ['fileEntryEntity', fileEntryEntity], ['uploadSessionEntity', uploadSessionEntity],
  ['channelSchema', channelSchema], ['channelItemsSchema', channelItemsSchema], ['channelReorderSchema', channelReorderSchema],
  ['channelEntity', channelEntity], ['channelItemEntity', channelItemEntity],
  ['reviewCreateSchema', reviewCreateSchema], ['reviewFieldsSchema', reviewFieldsSchema], ['reviewVoteSchema', reviewVoteSchema],
  ['reportSchema', reportSchema], ['reviewEntity', reviewEntity], ['commentCreateSchema', commentCreateSchema],
  ['commentUpdateSchema', commentUpdateSchema], ['commentRestoreSchema', commentRestoreSchema], ['commentEntity', commentEntity],
  ['newsArticleSchema', newsArticleSchema], ['newsCardEntity', newsCardEntity], ['newsArticleEntity', newsArticleEntity],
  ['customPageSchema', customPageSchema], ['customPageEntity', customPageEntity],
];

describe('body and entity examples', () => {
  it.each(withExamples)('%s: every example parses', (_name, schema) => {
    const examples = z.globalRegistry.get(schema)?.examples;
    expect(Array.isArray(examples) && examples.length).toBeTruthy();
    for (const example of examples as unknown[]) expect(schema.safeParse(example).error?.issues ?? []).toEqual([]);
  });
});
