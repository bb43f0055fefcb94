// REST adapters of staff countries (staff screens; the public list is GET /api/countries): parse -> service -> DTO.
import type { Hono } from 'hono';
import { CountryInput } from '../../../../shared/schemas/catalog-admin';
import { staffRoutes } from '../../../http/auth';
import type { AppEnv } from '../../../http/env';
import { parseInput, pathId, readJson } from '../../../http/request';
import { countries as catalogCountries } from '../../catalog/catalog.service';
import * as svc from './countries.service';

export function mountCountriesRest(api: Hono<AppEnv>): void {
  staffRoutes(api)
    .get('/Countries', async (c) => c.json((await catalogCountries(c.var.deps.db)).value))
    .get('/Countries/:id', async (c) => c.json(await svc.countryById(c.var.deps, pathId(c, 'id'))))
    .post('/Countries', async (c) =>
      c.json(await svc.createCountry(c.var.deps, parseInput(CountryInput, await readJson(c))), 201),
    )
    .put('/Countries/:id', async (c) => {
      const id = pathId(c, 'id');
      return c.json(await svc.updateCountry(c.var.deps, id, parseInput(CountryInput, await readJson(c))));
    })
    .delete('/Countries/:id', async (c) => c.json(await svc.deleteCountry(c.var.deps, pathId(c, 'id'))));
}
