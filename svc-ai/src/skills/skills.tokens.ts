/** The loaded skills taxonomy (`Taxonomy`), read once at boot. */
export const SKILLS_TAXONOMY = Symbol('SKILLS_TAXONOMY');
