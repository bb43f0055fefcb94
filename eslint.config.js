// npm run lint: the design's rules (lint/rules.js, described in docs/architecture.md).
import { buildConfig } from './lint/rules.js';

export default buildConfig(import.meta.dirname);
