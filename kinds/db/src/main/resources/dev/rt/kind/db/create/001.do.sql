CREATE TABLE movies (
  id {{idColumn}},
  title VARCHAR(255) NOT NULL,
  year INTEGER
);
