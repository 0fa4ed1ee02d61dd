// Projects and jobs: created when a quote becomes a project, then advanced by the operator.
import type { JobRecord, JobStatus, ProjectRecord, ProjectStatus, QuoteRecord } from '../model';
import { currentPricing, JOB_FLOW, PROJECT_FLOW } from '../model';
import type { World } from '../world';
import type { Emit } from './event';
import { TransitionError } from './event';

export function createProject(world: World, quote: QuoteRecord, at: number, emit: Emit): ProjectRecord {
  const project = addProject(world, { name: quote.projectName, companyId: quote.companyId, quoteId: quote.id, copiedFrom: null }, at, emit);
  quote.projectId = project.id;
  // Read without keeping: a seeded world converts tens of thousands of quotes nobody opens.
  const pricing = currentPricing(quote);
  for (const service of pricing?.services ?? []) {
    for (const { market } of service.markets) addJob(world, project, `${service.serviceName} ${market.code}`, at, emit);
  }
  return project;
}

/** A duplicate of a project in any status: same quote and jobs, starting afresh. */
export function copyProject(world: World, projectId: string, at: number, emit: Emit): ProjectRecord {
  const original = findProject(world, projectId);
  const fields = { name: `${original.name} (copy)`, companyId: original.companyId, quoteId: original.quoteId, copiedFrom: original.id };
  const copy = addProject(world, fields, at, emit);
  for (const jobId of original.jobIds) {
    const job = world.jobs.get(jobId);
    if (job) addJob(world, copy, job.name, at, emit);
  }
  return copy;
}

type ProjectFields = Pick<ProjectRecord, 'name' | 'companyId' | 'quoteId' | 'copiedFrom'>;

/** Registers a project and raises project.created, preceded by project.copied for a duplicate. */
function addProject(world: World, fields: ProjectFields, at: number, emit: Emit): ProjectRecord {
  const project: ProjectRecord = {
    id: world.random.uuid(),
    number: world.nextProjectNumber(at),
    ...fields,
    status: 'not_started',
    createdAt: at,
    updatedAt: at,
    jobIds: [],
  };
  world.projects.set(project.id, project);
  const base = { entityId: project.id, companyId: project.companyId, at, entityNumber: project.number, entityName: project.name };
  if (project.copiedFrom !== null) emit({ ...base, event: 'project.copied' });
  emit({ ...base, event: 'project.created', newStatus: project.status });
  return project;
}

function addJob(world: World, project: ProjectRecord, name: string, at: number, emit: Emit): JobRecord {
  const job: JobRecord = {
    id: world.random.uuid(),
    number: world.nextJobNumber(),
    name,
    projectId: project.id,
    companyId: project.companyId,
    status: 'created',
    updatedAt: at,
  };
  world.jobs.set(job.id, job);
  project.jobIds.push(job.id);
  emit({ event: 'job.created', entityId: job.id, companyId: job.companyId, at, entityNumber: job.number, entityName: job.name, newStatus: job.status });
  return job;
}

const PROJECT_STEP_EVENTS: Partial<Record<ProjectStatus, string>> = {
  delivered: 'project.delivered',
  sent_for_billing: 'project.sent_for_billing',
};

export function advanceProject(world: World, projectId: string, at: number, emit: Emit): ProjectRecord {
  const project = findProject(world, projectId);
  const index = PROJECT_FLOW.indexOf(project.status as (typeof PROJECT_FLOW)[number]);
  const next = index >= 0 ? PROJECT_FLOW[index + 1] : undefined;
  if (!next) throw new TransitionError(`Project ${project.number} is ${project.status} and cannot advance`, 'invalid_status');
  setProjectStatus(project, next, at, emit);
  const stepEvent = PROJECT_STEP_EVENTS[next];
  if (stepEvent) emit({ event: stepEvent, entityId: project.id, companyId: project.companyId, at, entityNumber: project.number, entityName: project.name });
  return project;
}

export function cancelProject(world: World, projectId: string, at: number, emit: Emit): ProjectRecord {
  const project = findProject(world, projectId);
  if (project.status === 'completed' || project.status === 'cancelled') {
    throw new TransitionError(`Project ${project.number} is ${project.status} and cannot be cancelled`, 'invalid_status');
  }
  setProjectStatus(project, 'cancelled', at, emit);
  emit({ event: 'project.cancelled', entityId: project.id, companyId: project.companyId, at, entityNumber: project.number, entityName: project.name });
  return project;
}

/** Swaps one member of the quote's project team for another staff member. */
export function updateProjectTeam(world: World, projectId: string, at: number, emit: Emit): ProjectRecord {
  const project = findProject(world, projectId);
  const quote = world.quotesById.get(project.quoteId);
  if (quote) {
    const outsiders = world.staff.filter((person) => !quote.team.members.some((member) => member.id === person.id));
    const removable = quote.team.members.findIndex((member) => member.id !== quote.team.ownerId);
    if (outsiders.length > 0) {
      const newcomer = world.random.pick(outsiders);
      if (removable >= 0) quote.team.members.splice(removable, 1, newcomer);
      else quote.team.members.push(newcomer);
      quote.updatedAt = at;
    }
  }
  project.updatedAt = at;
  emit({ event: 'project.team_updated', entityId: project.id, companyId: project.companyId, at, entityNumber: project.number, entityName: project.name });
  return project;
}

function setProjectStatus(project: ProjectRecord, status: ProjectStatus, at: number, emit: Emit): void {
  const oldStatus = project.status;
  project.status = status;
  project.updatedAt = at;
  emit({ event: 'project.status_changed', entityId: project.id, companyId: project.companyId, at, entityNumber: project.number, entityName: project.name, oldStatus, newStatus: status });
}

/** Moves a job one step along its main path; each step is the job event of the same name. */
export function advanceJob(world: World, jobId: string, at: number, emit: Emit): JobRecord {
  const job = findJob(world, jobId);
  const index = JOB_FLOW.indexOf(job.status as (typeof JOB_FLOW)[number]);
  const next = index >= 0 ? JOB_FLOW[index + 1] : undefined;
  if (!next) throw new TransitionError(`Job ${job.number} is ${job.status} and cannot advance`, 'invalid_status');
  return setJobStatus(job, next, `job.${next}`, at, emit);
}

/** Side events of a job, and the status each leaves it in. */
export const JOB_SIDE_EVENTS = {
  request_rejected: 'created',
  reassigned: 'talent_assigned',
  delivery_updated: 'delivery_submitted',
  delivery_rejected: 'started',
  feedback_submitted: null,
} as const satisfies Record<string, JobStatus | null>;
export type JobSideEvent = keyof typeof JOB_SIDE_EVENTS;

export function recordJobEvent(world: World, jobId: string, kind: JobSideEvent, at: number, emit: Emit): JobRecord {
  const job = findJob(world, jobId);
  if (job.status === 'cancelled' || job.status === 'archived') {
    throw new TransitionError(`Job ${job.number} is ${job.status}`, 'invalid_status');
  }
  return setJobStatus(job, JOB_SIDE_EVENTS[kind] ?? job.status, `job.${kind}`, at, emit);
}

export function cancelJob(world: World, jobId: string, at: number, emit: Emit): JobRecord {
  const job = findJob(world, jobId);
  if (job.status === 'cancelled' || job.status === 'archived') {
    throw new TransitionError(`Job ${job.number} is ${job.status} and cannot be cancelled`, 'invalid_status');
  }
  return setJobStatus(job, 'cancelled', 'job.cancelled', at, emit);
}

function setJobStatus(job: JobRecord, status: JobStatus, event: string, at: number, emit: Emit): JobRecord {
  const oldStatus = job.status;
  job.status = status;
  job.updatedAt = at;
  emit({ event, entityId: job.id, companyId: job.companyId, at, entityNumber: job.number, entityName: job.name, oldStatus, newStatus: status });
  return job;
}

function findProject(world: World, id: string): ProjectRecord {
  const project = world.projects.get(id);
  if (!project) throw new TransitionError(`No project ${id}`, 'not_found');
  return project;
}

function findJob(world: World, id: string): JobRecord {
  const job = world.jobs.get(id);
  if (!job) throw new TransitionError(`No job ${id}`, 'not_found');
  return job;
}
