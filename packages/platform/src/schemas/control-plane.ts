import * as z from 'zod/mini';
import { dateTime } from './parts.js';

/** Environment types. */
export const ENVIRONMENT_TYPES = ['production', 'staging', 'development'] as const;

/** §2.3 Pagination of list responses. */
export const paginationSchema = z.object({ offset: z.number(), limit: z.number(), total: z.number() });

/** §2.3 Deployment (list item). Fields beyond these are not in the spec and are kept as they come. */
export const deploymentSchema = z.looseObject({ id: z.string(), name: z.string(), created_at: dateTime });

/** §2.3 Environment. */
export const environmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ENVIRONMENT_TYPES),
  api_credentials: z.object({
    rest: z.object({ url: z.string() }),
    sql: z.object({ host: z.string(), port: z.number() }),
  }),
});

/** §2.3 Metadata token. */
export const metadataTokenSchema = z.object({ token: z.string(), created_at: dateTime, expires_at: dateTime });

/** §2.3 Branch. */
export const branchSchema = z.object({
  id: z.number(),
  name: z.string(),
  parentBranch: z.string(),
  lastHash: z.string(),
  isStagingEnvironmentEnabled: z.boolean(),
});

/** §2.3 Deployment version. */
export const deploymentVersionSchema = z.object({
  releaseChannelVersion: z.string(),
  version: z.string(),
  releaseChannel: z.string(),
  isLatestInChannel: z.boolean(),
  isCurrent: z.boolean(),
});

/** §4.2 response of the deployments listing. */
export const deploymentPageSchema = z.object({
  data: z.object({ deployments: z.array(deploymentSchema) }),
  pagination: paginationSchema,
});

/** §4.3 response of the environments listing. */
export const environmentPageSchema = z.object({
  data: z.object({ environments: z.array(environmentSchema) }),
  pagination: paginationSchema,
});

/** §4.4 response. */
export const metadataTokenResponseSchema = z.object({ data: metadataTokenSchema });
/** §4.5 response. */
export const branchResponseSchema = z.object({ data: branchSchema });
/** §4.6 response. */
export const versionListResponseSchema = z.object({ data: z.array(deploymentVersionSchema) });

/** One of {@link ENVIRONMENT_TYPES}. */
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];
/** §2.3 Pagination, inferred. */
export type Pagination = z.infer<typeof paginationSchema>;
/** §2.3 Deployment, inferred. */
export type Deployment = z.infer<typeof deploymentSchema>;
/** §2.3 Environment, inferred. */
export type Environment = z.infer<typeof environmentSchema>;
/** §2.3 Metadata token, inferred. */
export type MetadataToken = z.infer<typeof metadataTokenSchema>;
/** §2.3 Branch, inferred. */
export type Branch = z.infer<typeof branchSchema>;
/** §2.3 Deployment version, inferred. */
export type DeploymentVersion = z.infer<typeof deploymentVersionSchema>;
