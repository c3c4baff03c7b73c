package dev.rt.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The calls DbProjectIT makes with the clients generated from a db service's movies table: every operation (create,
 * list with where, orderby and limit, get, update and delete by id, update by where), each answer printed, one
 * program in Java and one in TypeScript that print the same line.
 */
final class DbClientCalls {
    private DbClientCalls() {
    }

    /** What both programs print, their rows' titles starting with {@code prefix}. */
    static String expected(String prefix) {
        return "created 3|P C,P B|P A 1920|P A2 1921|P B 1931|P B 1931,P C 1940|deleted P A2,P B,P C|404|Hello from movies"
                .replace("P ", prefix + " ");
    }

    /** {@code movies.Calls.run(String base)}, calling the generated {@code client} (MoviesClient.java). */
    static String java(Path client) throws IOException {
        String source = Files.readString(client);
        return """
                package movies;

                import java.net.URI;
                import java.util.ArrayList;
                import java.util.List;

                public final class Calls {
                    private Calls() {
                    }

                    private static String titles(List<Movie> movies, boolean years) {
                        List<String> titles = new ArrayList<>();
                        for (Movie movie : movies) {
                            titles.add(movie.title() + (years ? " " + movie.year() : ""));
                        }
                        return String.join(",", titles);
                    }

                    public static String run(String base) throws Exception {
                        MoviesClient client = new MoviesClient(URI.create(base));
                        String p = "Java";
                        List<String> out = new ArrayList<>();
                        Movie a = client.createMovie(null, new MovieInput(null, p + " A", 1920L));
                        Movie b = client.createMovie(null, new MovieInput(null, p + " B", 1930L));
                        Movie c = client.createMovie(null, new MovieInput(null, p + " C", 1940L));
                        out.add("created " + (a.id() != null && b.id() != null && c.id() != null ? 3 : 0));
                        out.add(titles(client.getMovies(%s), false));
                        Movie one = client.getMovieById(null, Long.parseLong(a.id()));
                        out.add(one.title() + " " + one.year());
                        Movie renamed = client.updateMovie(null, Long.parseLong(a.id()), new MovieInput(null, p + " A2", 1921L));
                        out.add(renamed.title() + " " + renamed.year());
                        out.add(titles(client.updateMovies(%s), true));
                        out.add(titles(client.getMovies(%s), true));
                        List<Movie> deleted = new ArrayList<>();
                        for (Movie movie : List.of(a, b, c)) {
                            deleted.add(client.deleteMovies(null, Long.parseLong(movie.id())));
                        }
                        out.add("deleted " + titles(deleted, false));
                        try {
                            client.getMovieById(null, Long.parseLong(a.id()));
                            out.add("still there");
                        } catch (MoviesClientException e) {
                            out.add(String.valueOf(e.statusCode()));
                        }
                        out.add(client.getHello().message());
                        return String.join("|", out);
                    }
                }
                """.formatted(
                arguments(source, "getMovies", Map.of("whereTitleLike", "p + \"%\"",
                        "orderbyYear", "GetMoviesOrderbyYear.DESC", "limit", "2L")),
                arguments(source, "updateMovies", Map.of("whereTitleEq", "p + \" B\"",
                        "body", "new MovieInput(null, p + \" B\", 1931L)")),
                arguments(source, "getMovies", Map.of("whereTitleLike", "p + \"%\"", "whereYearGt", "1925L",
                        "orderbyTitle", "GetMoviesOrderbyTitle.ASC")));
    }

    /** The TypeScript program, calling the generated {@code movies.ts} at {@code url}. */
    static String typeScript(String url) {
        return """
                import { ApiError, createMovie, deleteMovies, getHello, getMovieById, getMovies, setBaseUrl, updateMovie,
                  updateMovies } from './movies.js'
                import type { Movie } from './movies.js'

                setBaseUrl('%s')
                const p = 'TS'
                const titles = (movies: Movie[], years: boolean): string =>
                  movies.map((m) => `${m.title}${years ? ' ' + m.year : ''}`).join(',')
                const out: string[] = []
                const a = await createMovie({ title: `${p} A`, year: 1920 })
                const b = await createMovie({ title: `${p} B`, year: 1930 })
                const c = await createMovie({ title: `${p} C`, year: 1940 })
                out.push(`created ${[a, b, c].filter((m) => m.id !== undefined).length}`)
                out.push(titles(await getMovies({ 'where.title.like': `${p}%%`, 'orderby.year': 'desc', limit: 2 }), false))
                const one = await getMovieById({ id: Number(a.id) })
                out.push(`${one.title} ${one.year}`)
                const renamed = await updateMovie({ id: Number(a.id), title: `${p} A2`, year: 1921 })
                out.push(`${renamed.title} ${renamed.year}`)
                out.push(titles(await updateMovies({ 'where.title.eq': `${p} B`, title: `${p} B`, year: 1931 }), true))
                out.push(titles(await getMovies({ 'where.title.like': `${p}%%`, 'where.year.gt': 1925, 'orderby.title': 'asc' }), true))
                const deleted: Movie[] = []
                for (const movie of [a, b, c]) {
                  deleted.push(await deleteMovies({ id: Number(movie.id) }))
                }
                out.push(`deleted ${titles(deleted, false)}`)
                try {
                  await getMovieById({ id: Number(a.id) })
                  out.push('still there')
                } catch (error) {
                  out.push(String(error instanceof ApiError ? error.statusCode : error))
                }
                out.push(String((await getHello()).message))
                console.log(out.join('|'))
                """.formatted(url);
    }

    /**
     * The arguments of a call to the generated {@code method}: each parameter the expression {@code given} names, or
     * null (the generated methods take every query parameter, and a db table has dozens).
     */
    static String arguments(String source, String method, Map<String, String> given) {
        Matcher signature = Pattern.compile("public [\\w<>., ]+ " + method + "\\(([^)]*)\\) throws").matcher(source);
        if (!signature.find()) {
            throw new AssertionError("no method " + method + " in the generated client");
        }
        List<String> arguments = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String parameter : signature.group(1).split(", ")) {
            String name = parameter.substring(parameter.lastIndexOf(' ') + 1);
            names.add(name);
            arguments.add(given.getOrDefault(name, "null"));
        }
        if (!names.containsAll(given.keySet())) {
            throw new AssertionError(method + " takes " + names + ", not all of " + given.keySet());
        }
        return String.join(", ", arguments);
    }
}
