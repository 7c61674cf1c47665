// Limit 2: the floor of any database-backed read: one 20-row query through a pg pool, as JSON.
import http from 'node:http';
import pg from 'pg';

const [url, email] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const query = {
  name: 'twenty',
  text: 'select * from certificates where user_email = $1 order by valid_till, id limit 20',
};
const server = http.createServer((_req, res) => {
  pool.query({ ...query, values: [email] }).then(
    (r) => {
      const body = JSON.stringify(r.rows);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },
    () => {
      res.writeHead(500).end();
    },
  );
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
