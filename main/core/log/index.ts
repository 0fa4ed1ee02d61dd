export { createJsonLogger, createFileLogger, createSilentLogger, registerSecret } from './logger';
export type { RedactingLogger, LineSink, JsonLoggerOptions, FileLoggerOptions, LogLevel } from './logger';
export { createRedactor, globalRedactor, isSecretFieldName, looksLikeRandomKey, redactShapes, REDACTED } from './redact';
export type { Redactor } from './redact';
export { createRepeatLimiter } from './repeat-limiter';
export type { RepeatLimit, RepeatLimiter } from './repeat-limiter';
export { createRotatingFileSink } from './rotating-file';
export type { RotatingFileOptions, RotatingFileSink, RotatingFileSystem } from './rotating-file';
