import { LoggerService } from '@backstage/backend-plugin-api';
import express from 'express';
import Router from 'express-promise-router';

export interface RouterOptions {
  logger: LoggerService;
}

export async function createRouter(
  _options: RouterOptions,
): Promise<express.Router> {
  const router = Router();
  router.use(express.json());
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return router;
}
