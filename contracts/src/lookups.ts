/**
 * Fixed lookups of Part C section 7 (`GET value-lists/{names}`): the ones that do not come from the catalogue.
 * TMDb's own lists (its /configuration/jobs and ISO 639-1 languages) are kept here so forms work without a key.
 */

/** Credit jobs by department, as TMDb groups them; 'Actors' is cast. */
export const TMDB_DEPARTMENTS: readonly { department: string; jobs: readonly string[] }[] = [
  { department: 'Actors', jobs: ['Actor', 'Voice'] },
  { department: 'Directing', jobs: ['Director', 'Co-Director', 'Assistant Director', 'Script Supervisor'] },
  { department: 'Writing', jobs: ['Screenplay', 'Writer', 'Story', 'Novel', 'Characters', 'Teleplay', 'Author'] },
  { department: 'Production', jobs: ['Producer', 'Executive Producer', 'Co-Producer', 'Associate Producer', 'Casting', 'Line Producer'] },
  { department: 'Camera', jobs: ['Director of Photography', 'Camera Operator', 'Still Photographer'] },
  { department: 'Editing', jobs: ['Editor', 'Assistant Editor', 'Colorist'] },
  { department: 'Sound', jobs: ['Original Music Composer', 'Music', 'Sound Designer', 'Sound Mixer', 'Music Supervisor'] },
  { department: 'Art', jobs: ['Production Design', 'Art Direction', 'Set Decoration', 'Set Designer'] },
  { department: 'Costume & Make-Up', jobs: ['Costume Design', 'Makeup Artist', 'Hairstylist'] },
  { department: 'Visual Effects', jobs: ['Visual Effects Supervisor', 'Visual Effects Producer', 'Animation Supervisor'] },
  { department: 'Lighting', jobs: ['Gaffer', 'Lighting Technician'] },
  { department: 'Crew', jobs: ['Stunt Coordinator', 'Stunts', 'Choreographer', 'Special Effects Coordinator'] },
  { department: 'Creator', jobs: ['Creator'] },
];

/** Age ratings the title filters and the title form offer (MPA for films, US TV Parental Guidelines for series). */
export const TITLE_AGE_RATINGS: readonly string[] = [
  'G', 'PG', 'PG-13', 'R', 'NC-17', 'NR', 'TV-Y', 'TV-Y7', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA',
];
