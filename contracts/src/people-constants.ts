/** What a person is known for, without zod: the public people page filters by it (people.ts holds the schemas and re-exports this). */
export const KNOWN_FOR = ['Acting', 'Directing', 'Writing', 'Production', 'Camera', 'Editing', 'Sound', 'Art', 'Costume & Make-Up', 'Crew', 'Visual Effects', 'Lighting', 'Creator'] as const;
